import { describe, expect, test } from 'vitest';
import {
  CITIES,
  COUNTERS,
  CRT,
  INFLUENCE_TILES,
  KIND_COUNT,
  KIND_TOTALS,
  LOCATIONS,
  POWERS,
  SPECIALS,
  STATUE_TRACKS,
  TILE_KINDS,
  crtColumn,
  kindCode,
  kindLabel,
  kindOf,
  statueValue,
  tileLabel,
  tilesPerPlayer,
} from './components.js';

describe('components (rules §2)', () => {
  test('§2.2: 71 counters (61 Greek + 10 Persian), per-power totals 9/14/10/5/14/9/10, ids are indexes', () => {
    expect(COUNTERS).toHaveLength(71);
    COUNTERS.forEach((c, i) => expect(c.id).toBe(i));
    expect(POWERS.map((_, p) => COUNTERS.filter((c) => c.power === p).length)).toEqual([9, 14, 10, 5, 14, 9, 10]);
    expect(COUNTERS.filter((c) => c.power < 6)).toHaveLength(61);
    expect(KIND_TOTALS.reduce((a, b) => a + b, 0)).toBe(71);
    expect(KIND_COUNT).toBe(56);
  });

  test('§2.2 table row by row as strength×count, hoplites | triremes', () => {
    const row = (power: number, type: number) =>
      [1, 2, 3, 4]
        .map((s) => [s, KIND_TOTALS[kindOf(power, type, s)]])
        .filter(([, n]) => n > 0)
        .map(([s, n]) => `${s}×${n}`)
        .join(', ');
    expect(POWERS.map((name, p) => `${name}: ${row(p, 0)} | ${row(p, 1)}`)).toEqual([
      'Argos: 1×2, 2×2, 3×2 | 1×1, 2×1, 3×1',
      'Athens: 1×2, 2×2, 3×2 | 1×2, 2×2, 3×2, 4×2',
      'Corinth: 1×1, 2×3, 3×1 | 1×2, 2×2, 3×1',
      'Megara: 1×1, 2×1 | 1×1, 2×1, 3×1',
      'Sparta: 1×2, 2×3, 3×3, 4×2 | 1×1, 2×2, 3×1',
      'Thebes: 1×2, 2×3, 3×2 | 1×1, 2×1',
      'Persia: 2×2, 3×4 | 2×2, 3×2',
    ]);
    expect(kindCode(kindOf(4, 0, 3))).toBe('Sparta H3');
    expect(kindLabel(kindOf(1, 1, 4))).toBe('Athenian trireme 4');
  });

  test('§2.3: the 21 Location tiles exactly as tabled', () => {
    const rounds = (r: readonly number[]) => (r.length === 1 ? 'H only' : r.map((x) => 'HT'[x]).join(' then '));
    const bonus = (m: number) => ['', 'H', 'T', 'H and T'][m];
    const rows = LOCATIONS.map((l, i) => {
      expect(l.id).toBe(i);
      const intrinsic = l.attackerBonus
        ? `attacker, ${bonus(l.attackerBonus)}`
        : l.defenderBonus
          ? `defender, ${bonus(l.defenderBonus)}`
          : '—';
      return `${l.name} | ${CITIES[l.owner]} | ${l.vp} | ${rounds(l.rounds)} | ${intrinsic}`;
    });
    expect(rows).toEqual([
      'Amphipolis | Athens | 6 | T then H | defender, H',
      'Lesbos | Athens | 4 | H then T | attacker, H and T',
      'Plataea | Athens | 4 | H only | defender, H',
      'Naupactus | Athens | 4 | T then H | —',
      'Potidea | Athens | 5 | T then H | attacker, H',
      'Acarnania | Athens | 3 | T then H | defender, H',
      'Attica | Athens | 4 | H only | —',
      'Melos | Sparta | 3 | H then T | defender, H and T',
      'Epidaurus | Sparta | 4 | T then H | —',
      'Pylos | Sparta | 4 | T then H | —',
      'Sicily | Sparta | 7 | T then H | defender, H and T',
      'Cephallenia | Sparta | 4 | H then T | —',
      'Cythera | Sparta | 3 | H then T | —',
      'Spartolus | Sparta | 4 | T then H | attacker, H',
      'Megara | Megara | 5 | T then H | —',
      'Mantinea | Argos | 5 | H only | —',
      'Delium | Thebes | 5 | T then H | —',
      'Aetolia | Thebes | 3 | T then H | —',
      'Corcyra | Corinth | 3 | H then T | attacker, H and T',
      'Leucas | Corinth | 4 | H then T | —',
      'Solygeia | Corinth | 4 | H then T | —',
    ]);
    expect(LOCATIONS.reduce((sum, l) => sum + l.vp, 0)).toBe(88);
  });

  test('§2.4: 36 Influence tiles in the id blocks 0-13 plain, 14-24 Candidate, 25-30 Assassin, 31-35 Any', () => {
    expect(INFLUENCE_TILES).toHaveLength(36);
    INFLUENCE_TILES.forEach((t, i) => expect(t.id).toBe(i));
    const count = (kind: number, color: number) =>
      INFLUENCE_TILES.filter((t) => t.kind === kind && t.color === color).length;
    expect(CITIES.map((_, c) => count(0, c))).toEqual([2, 3, 2, 2, 3, 2]);
    expect(CITIES.map((_, c) => count(1, c))).toEqual([2, 2, 2, 1, 2, 2]);
    expect(CITIES.map((_, c) => count(2, c))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(count(3, 6)).toBe(5);
    const block = (from: number, to: number) =>
      INFLUENCE_TILES.slice(from, to + 1).map((t) => `${TILE_KINDS[t.kind]}:${t.color}`);
    expect(block(0, 13)).toEqual([
      'plain:0',
      'plain:0',
      'plain:1',
      'plain:1',
      'plain:1',
      'plain:2',
      'plain:2',
      'plain:3',
      'plain:3',
      'plain:4',
      'plain:4',
      'plain:4',
      'plain:5',
      'plain:5',
    ]);
    expect(block(14, 24)).toEqual([
      'candidate:0',
      'candidate:0',
      'candidate:1',
      'candidate:1',
      'candidate:2',
      'candidate:2',
      'candidate:3',
      'candidate:4',
      'candidate:4',
      'candidate:5',
      'candidate:5',
    ]);
    expect(block(25, 30)).toEqual([0, 1, 2, 3, 4, 5].map((c) => `assassin:${c}`));
    expect(block(31, 35)).toEqual(Array(5).fill('any:6'));
    expect(INFLUENCE_TILES.filter((t) => t.shards === 2).map((t) => t.id)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
    expect([tileLabel(2), tileLabel(21), tileLabel(30), tileLabel(35)]).toEqual([
      'Athens (2 cubes)',
      'Sparta Candidate',
      'Thebes Assassin',
      'Any city',
    ]);
    expect([3, 4, 5].map(tilesPerPlayer)).toEqual([5, 5, 4]);
  });

  test('§2.5: the 8 Special tiles in table order', () => {
    expect([...SPECIALS]).toEqual([
      'Perikles',
      'Alkibiades',
      'Plague',
      'Slave Revolt',
      'Brasidas',
      'Phormio',
      'Thessalanian Allies',
      'Persian Fleet',
    ]);
  });

  test('§2.1: statue tracks and values (index = defeats, 0 beyond the track)', () => {
    expect(STATUE_TRACKS.map((t) => [...t])).toEqual([
      [6, 3],
      [5, 5, 3, 1],
      [9, 7, 5, 3],
      [6, 3],
      [5, 4, 3, 2],
      [7, 5, 3],
    ]);
    expect(statueValue(1, 2)).toBe(3); // Athens with 2 defeats
    expect(statueValue(0, 2)).toBe(0); // Argos with 2 or more defeats
    expect(statueValue(0, 9)).toBe(0);
    expect(Object.isFrozen(STATUE_TRACKS) && Object.isFrozen(STATUE_TRACKS[0]) && Object.isFrozen(LOCATIONS[0])).toBe(
      true,
    );
  });

  test('§2.6: CRT targets per column', () => {
    expect(CRT.map((c) => [c.name, c.attackerTarget, c.defenderTarget])).toEqual([
      ['3:1', 5, 10],
      ['2:1', 6, 9],
      ['+2', 7, 8],
      ['1:1', 8, 7],
      ['−2', 9, 6],
      ['1:2', 10, 5],
    ]);
    CRT.forEach((c, i) => expect(c.id).toBe(i));
  });

  // Scenario 1 of §10.
  test.each([
    [4, 1, '3:1', 5, 10],
    [5, 2, '2:1', 6, 9],
    [5, 3, '+2', 7, 8],
    [3, 2, '1:1', 8, 7],
    [2, 3, '1:1', 8, 7],
    [1, 1, '1:1', 8, 7],
    [1, 2, '1:2', 10, 5],
    [3, 5, '−2', 9, 6],
    [3, 6, '1:2', 10, 5],
    [4, 7, '−2', 9, 6],
  ])('§10 scenario 1: CRT column of (A %i, D %i) is %s (A%i/D%i)', (a, d, name, ta, td) => {
    const col = CRT[crtColumn(a, d)];
    expect([col.name, col.attackerTarget, col.defenderTarget]).toEqual([name, ta, td]);
  });
});
