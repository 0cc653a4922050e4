import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { perikles } from './index.js';
import {
  BLUE,
  GREEN,
  RED,
  YELLOW,
  events,
  labels,
  load,
  play,
  tiles,
  readable,
  type PositionSpec,
} from './test-helpers.js';

// Specials without an influence-turn window, so no D6 is asked unless a test deals one.
const QUIET = [4, 5, 6, 7];
const NO_CANDIDATES: [number, number][] = [
  [-1, -1],
  [-1, -1],
  [-1, -1],
  [-1, -1],
  [-1, -1],
  [-1, -1],
];
const display = (first: number) => [
  first,
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((x) => x !== first).slice(0, 9),
];

describe('§4.2 Phase B influence turns', () => {
  test(
    'a plain tile adds 2 cubes, the slot is refilled from the deck top, ' + 'the next seat clockwise takes a tile',
    () => {
      const s = load({ actor: GREEN, specials: QUIET });
      const deckTop = readable(s).influence.deck[0];
      play(s, 'take Athens (2 cubes) from slot 2');
      const v = s.view(GREEN);
      expect(v.cubes[GREEN][1]).toBe(4);
      expect(v.held[GREEN]).toEqual([2]);
      expect(v.display[2]).toBe(deckTop);
      expect(events(s, 'refill')).toEqual([['refill', 2, deckTop]]);
      expect([v.decision, v.toAct]).toEqual(['takeTile', YELLOW]);
    },
  );

  test('§8.1: Any is a color of its own: a holder of an Any tile may not take another while others remain', () => {
    const s = load({
      actor: RED,
      specials: QUIET,
      held: [[31], [], [], []],
      display: [32, 33, 34, 35, 0, 1, 2, 3, 5, 7],
    });
    expect(labels(s).some((l) => l.includes('Any city'))).toBe(false);
    const blue = load({
      actor: BLUE,
      specials: QUIET,
      held: [[31], [], [], []],
      display: [32, 33, 34, 35, 0, 1, 2, 3, 5, 7],
    });
    expect(labels(blue).filter((l) => l.includes('Any city'))).toHaveLength(4);
  });

  test('an Any tile asks for the city of its one cube (D3)', () => {
    const s = load({ actor: RED, specials: QUIET, display: display(31) });
    play(s, 'take Any city from slot 0');
    expect(labels(s)).toEqual([
      'Any-city cube to Argos',
      'Any-city cube to Athens',
      'Any-city cube to Corinth',
      'Any-city cube to Megara',
      'Any-city cube to Sparta',
      'Any-city cube to Thebes',
    ]);
    play(s, 'Any-city cube to Megara');
    expect(s.view(RED).cubes[RED][3]).toBe(3);
  });

  test.each([
    [3, 5],
    [4, 5],
    [5, 4],
  ])('%i players take exactly %i tiles each, then Phase C begins with the last slot left empty', (players, k) => {
    const s = perikles.newGame({ players, seed: `draft${players}` });
    const rng = Rng.fromSeed('draft');
    while (
      s.view(-1).phase !== 'nominations' &&
      s.view(-1).phase !== 'deadPool' &&
      s.view(-1).phase !== 'firstCommit'
    ) {
      const legal = s.legalActions();
      s.applyAction(legal[rng.int(legal.length)]);
    }
    const v = s.view(-1);
    expect(v.held.map((h) => h.length)).toEqual(Array(players).fill(k));
    expect(v.display.filter((x) => x < 0)).toHaveLength(1);
    expect(v.influenceDeck).toBe(26 - (players * k - 1));
  });

  test('§8.2: a Candidate tile with no legal nomination has no effect beyond its cube', () => {
    // Every candidate space is full except Megara's β, where only Red has cubes and Red is α.
    const candidates: [number, number][] = [
      [BLUE, GREEN],
      [BLUE, GREEN],
      [BLUE, GREEN],
      [RED, -1],
      [BLUE, GREEN],
      [BLUE, GREEN],
    ];
    const cubes = [
      [2, 2, 2, 2, 2, 2],
      [2, 2, 2, 0, 2, 2],
      [2, 2, 2, 0, 2, 2],
      [2, 2, 2, 0, 2, 2],
    ];
    const s = load({ actor: RED, specials: QUIET, candidates, cubes, display: display(14) });
    play(s, 'take Argos Candidate from slot 0');
    expect(events(s, 'noNomination')).toEqual([['noNomination', RED]]);
    expect([s.view(RED).cubes[RED][0], s.view(RED).toAct]).toEqual([3, BLUE]);
  });

  test('§8.3: an α candidate without regular cubes still has presence and may nominate another seat as β', () => {
    const cubes = [
      [2, 0, 2, 2, 2, 2],
      [2, 2, 2, 2, 2, 2],
      [2, 0, 2, 2, 2, 2],
      [2, 0, 2, 2, 2, 2],
    ];
    const candidates: [number, number][] = [
      [-1, -1],
      [RED, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
    ];
    const s = load({
      actor: RED,
      specials: QUIET,
      candidates,
      cubes,
      display: display(tiles('candidate', 'Athens')[0]),
    });
    play(s, 'take Athens Candidate from slot 0');
    // The tile's cube gave Red a regular cube again; nominate Blue there anyway.
    expect(labels(s).filter((l) => l.endsWith('Athens'))).toEqual(['nominate seat 1 in Athens']);
    const noCube = load({
      phase: 'nominations',
      decision: 'nominate',
      actor: RED,
      candidates,
      cubes,
      progress: { nomSeat: RED },
    });
    expect(labels(noCube).filter((l) => l.endsWith('Athens'))).toEqual(['nominate seat 1 in Athens']);
  });

  test('assassination targets: every regular cube owner and occupied space, own cubes included', () => {
    const cubes = [
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 1, 0],
    ];
    const candidates: [number, number][] = [
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [BLUE, -1],
      [-1, -1],
    ];
    const s = load({
      actor: RED,
      specials: QUIET,
      cubes,
      candidates,
      display: display(tiles('assassin', 'Thebes')[0]),
    });
    play(s, 'take Thebes Assassin from slot 0');
    expect(labels(s)).toEqual([
      'assassinate a seat 3 cube in Sparta',
      'assassinate the Sparta α candidate (seat 1)',
      'assassinate a seat 0 cube in Thebes',
    ]);
    play(s, 'assassinate a seat 0 cube in Thebes');
    expect(s.view(RED).cubes[RED]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test('a β candidate can be assassinated directly; α stays', () => {
    const candidates: [number, number][] = [
      [-1, -1],
      [-1, -1],
      [GREEN, BLUE],
      [-1, -1],
      [-1, -1],
      [-1, -1],
    ];
    const s = load({ actor: RED, specials: QUIET, candidates, display: display(tiles('assassin', 'Corinth')[0]) });
    play(s, 'take Corinth Assassin from slot 0', 'assassinate the Corinth β candidate (seat 1)');
    expect(s.view(RED).candidates[2]).toEqual([GREEN, -1]);
  });
});

describe('§2.5 influence-turn specials', () => {
  test('Perikles before taking a tile: 2 cubes to Athens, then D2 again without the option', () => {
    const s = load({ actor: RED, specials: [0, 4, 5, 6] });
    expect(labels(s)[0]).toBe('use Perikles');
    play(s, 'use Perikles');
    expect(s.view(RED).cubes[RED][1]).toBe(4);
    expect(labels(s).some((l) => l.startsWith('use'))).toBe(false);
    expect(s.view(BLUE).specials[RED]).toEqual({ tile: 0, used: true, possible: [] });
    play(s, 'take Argos (2 cubes) from slot 0');
    expect(s.currentPlayer()).toBe(BLUE); // no D6 after using it
  });

  test('Perikles after taking a tile (D6) ends the influence turn', () => {
    const s = load({ actor: RED, specials: [0, 4, 5, 6] });
    play(s, 'take Argos (2 cubes) from slot 0');
    expect(labels(s)).toEqual(['do not use Perikles', 'use Perikles']);
    play(s, 'use Perikles');
    expect([s.view(RED).cubes[RED][1], s.currentPlayer()]).toEqual([4, BLUE]);
  });

  test.each([
    [28, 2],
    [29, 1],
    [30, 0],
  ])('§8.5: Perikles with %i cubes on the board adds %i', (onBoard, added) => {
    const cubes = [
      [onBoard - 10, 2, 2, 2, 2, 2],
      [2, 2, 2, 2, 2, 2],
      [2, 2, 2, 2, 2, 2],
      [2, 2, 2, 2, 2, 2],
    ];
    const s = play(load({ actor: RED, specials: [0, 4, 5, 6], cubes }), 'use Perikles');
    expect(s.view(RED).cubes[RED][1]).toBe(2 + added);
    expect(s.view(RED).supply[RED]).toBe(30 - onBoard - added);
    expect(events(s, 'cubes')).toEqual([['cubes', RED, 1, added, 2]]);
  });

  test(
    '§6: an influence turn without the D6 window tells everyone the tile ' + 'is no Perikles, Alkibiades or Plague',
    () => {
      const s = load({ actor: RED, specials: QUIET });
      expect(s.view(BLUE).specials[RED].possible).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      play(s, 'take Argos (2 cubes) from slot 0');
      expect(s.view(BLUE).specials[RED]).toEqual({ tile: -1, used: false, possible: [3, 4, 5, 6, 7] });
      expect(s.view(RED).specials[RED]).toEqual({ tile: 4, used: false, possible: [3, 4, 5, 6, 7] });
    },
  );

  test('a declined post-window keeps the tile for a later influence turn', () => {
    const s = load({ actor: RED, specials: [2, 4, 5, 6] });
    play(s, 'take Argos (2 cubes) from slot 0', 'do not use Plague');
    expect(s.view(BLUE).specials[RED]).toEqual({ tile: -1, used: false, possible: [0, 1, 2] });
  });

  test('§8.7 Alkibiades: two mandatory moves, each to another city; the same cube may move twice', () => {
    const cubes = [
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 1],
    ];
    const candidates: [number, number][] = [
      [GREEN, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
    ];
    const s = load({ actor: RED, specials: [1, 4, 5, 6], cubes, candidates });
    play(s, 'use Alkibiades');
    // Candidate cubes can neither move nor be targets: the only regular cube is Yellow's in Thebes.
    expect(labels(s)).toEqual(['Alkibiades: move a seat 3 cube from Thebes']);
    play(s, 'Alkibiades: move a seat 3 cube from Thebes');
    expect(labels(s)).toEqual([
      'Alkibiades: move it to Argos',
      'Alkibiades: move it to Athens',
      'Alkibiades: move it to Corinth',
      'Alkibiades: move it to Megara',
      'Alkibiades: move it to Sparta',
    ]);
    play(
      s,
      'Alkibiades: move it to Sparta',
      'Alkibiades: move a seat 3 cube from Sparta',
      'Alkibiades: move it to Athens',
    );
    expect(s.view(RED).cubes[YELLOW]).toEqual([0, 1, 0, 0, 0, 0]);
    expect(events(s, 'alkibiades')).toEqual([
      ['alkibiades', RED, YELLOW, 5, 4],
      ['alkibiades', RED, YELLOW, 4, 1],
    ]);
    expect(s.view(RED).decision).toBe('takeTile');
  });

  test('§8.7: with no regular cube anywhere both moves are skipped without a decision', () => {
    const zero = [0, 0, 0, 0, 0, 0];
    const s = load({ actor: RED, specials: [1, 4, 5, 6], cubes: [zero, zero, zero, zero] });
    play(s, 'use Alkibiades');
    expect([s.view(RED).decision, s.currentPlayer()]).toEqual(['takeTile', RED]);
    expect(events(s, 'alkibiades')).toEqual([]);
  });

  test('§8.6 Plague: odd counts round down, a lone candidate loses nothing, candidates are never removed', () => {
    const cubes = [
      [2, 2, 2, 2, 2, 7],
      [2, 2, 2, 2, 2, 0],
      [2, 2, 2, 2, 2, 1],
      [2, 2, 2, 2, 2, 2],
    ];
    const candidates: [number, number][] = [
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [BLUE, GREEN],
    ];
    const s = play(
      load({ actor: RED, specials: [2, 4, 5, 6], cubes, candidates }),
      'take Argos (2 cubes) from slot 0',
      'use Plague',
      'Plague in Thebes',
    );
    expect(s.view(RED).cubes.map((r) => r[5])).toEqual([4, 0, 0, 1]);
    expect(s.view(RED).candidates[5]).toEqual([BLUE, GREEN]);
    expect(s.currentPlayer()).toBe(BLUE);
  });
});

describe('§4.3 Phase C and §4.4 Phase D', () => {
  const phaseC = (spec: PositionSpec) => load({ phase: 'nominations', decision: 'nominate', ...spec });

  test('nominations go clockwise, skip seats without a legal one and end when nobody has one', () => {
    // Only Athens is open; Blue and Yellow have no presence there, so Red, then Green, nominate.
    const candidates: [number, number][] = [
      [BLUE, GREEN],
      [-1, -1],
      [BLUE, GREEN],
      [BLUE, GREEN],
      [BLUE, GREEN],
      [BLUE, GREEN],
    ];
    const cubes = [
      [2, 2, 2, 2, 2, 2],
      [2, 0, 2, 2, 2, 2],
      [2, 1, 2, 2, 2, 2],
      [2, 0, 2, 2, 2, 2],
    ];
    const s = phaseC({ actor: RED, candidates, cubes, progress: { nomSeat: RED } });
    expect(labels(s)).toEqual(['nominate seat 0 in Athens', 'nominate seat 2 in Athens']);
    play(s, 'nominate seat 0 in Athens');
    expect(s.currentPlayer()).toBe(GREEN);
    play(s, 'nominate seat 2 in Athens');
    // All 12 spaces are taken: elections ran and Phase E asks the Sparta Leader (Blue: 2 vs Green 2, α wins).
    const v = s.view(-1);
    expect(v.leaders).toEqual([BLUE, RED, BLUE, BLUE, BLUE, BLUE]);
    expect([v.phase, v.decision, v.toAct]).toEqual(['firstCommit', 'firstCommit', BLUE]);
  });

  test('§8.4: α and β both without regular cubes: α wins and removes nothing', () => {
    const cubes = [
      [0, 2, 2, 2, 2, 2],
      [0, 2, 2, 2, 2, 2],
      [2, 2, 2, 2, 2, 2],
      [2, 2, 2, 2, 2, 2],
    ];
    const candidates: [number, number][] = [[RED, BLUE], ...NO_CANDIDATES.slice(1)];
    const s = phaseC({ actor: GREEN, candidates, cubes, progress: { nomSeat: GREEN } });
    // Green nominates until nothing is left: play the first legal nomination each time.
    while (s.view(-1).phase === 'nominations') s.applyAction(s.legalActions()[0]);
    expect(events(s, 'election').find((e) => e[1] === 0)).toEqual(['election', 0, RED, BLUE, 0]);
  });

  test('an unopposed candidate leads; a city without candidates has no Leader', () => {
    const candidates: [number, number][] = [
      [RED, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
    ];
    const zero = [0, 0, 0, 0, 0, 0];
    const s = phaseC({
      actor: BLUE,
      candidates,
      cubes: [zero, [0, 1, 0, 0, 0, 0], zero, zero],
      progress: { nomSeat: BLUE },
    });
    expect(labels(s)).toEqual(['nominate seat 1 in Athens']);
    play(s, 'nominate seat 1 in Athens');
    expect(s.view(-1).leaders).toEqual([RED, BLUE, -1, -1, -1, -1]);
    expect(events(s, 'noLeader').map((e) => e[1])).toEqual([2, 3, 4, 5]);
    expect(events(s, 'election')).toEqual([
      ['election', 0, RED, 127, 0],
      ['election', 1, BLUE, 127, 0],
    ]);
    // Both candidate cubes went back to supply: nobody holds a cube on the board any more.
    expect(s.view(-1).supply).toEqual([30, 30, 30, 30]);
  });
});
