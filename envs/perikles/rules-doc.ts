/**
 * The Perikles rules page for players, in this project's own words; every table is generated from
 * components.ts so its numbers are the ones the engine plays with.
 */
import type { RulesDoc, RulesTable } from '../core/board.js';
import {
  CITIES,
  CRT,
  CUBES_PER_PLAYER,
  DISPLAY_SLOTS,
  ENDING_DEFEATS,
  INFLUENCE_TILES,
  INITIAL_PLACEMENT_ROUNDS,
  LOCATIONS,
  LOCATION_SLOTS,
  MAX_TURNS,
  POWERS,
  SPECIALS,
  START_CUBES_PER_CITY,
  STATUE_TRACKS,
  UNIT_TYPES,
  locationLabel,
  tilesPerPlayer,
} from './components.js';
import {
  CRT_CONDITION,
  SPECIAL_TEXT,
  SPECIAL_WHEN,
  bonusText,
  roundsText,
  strengthsOf,
  tileEffect,
  tileGroups,
} from './glossary.js';
import { STEP_CAP } from './components.js';

const TABLES: RulesTable[] = [
  {
    caption: 'Cities: statue value by number of defeats, Influence tiles, Locations',
    columns: ['City', 'Statue VP after 0, 1, 2… defeats', 'Influence tiles', 'Location tiles'],
    rows: CITIES.map((name, c) => [
      name,
      `${STATUE_TRACKS[c].join(', ')}, then 0`,
      tileGroups()
        .filter(([, ids]) => INFLUENCE_TILES[ids[0]].color === c)
        .map(([label, ids]) => `${ids.length} × ${label}`)
        .join(', '),
      LOCATIONS.filter((l) => l.owner === c)
        .map((l) => locationLabel(l.id))
        .join(', '),
    ]),
  },
  {
    caption: 'Armies: the strength of every counter',
    columns: ['Power', ...UNIT_TYPES.map((t) => `${t}s`), 'Counters'],
    rows: POWERS.map((name, p) => [
      name,
      ...UNIT_TYPES.map((_, type) => strengthsOf(p, type).join(', ')),
      strengthsOf(p, 0).length + strengthsOf(p, 1).length,
    ]),
  },
  {
    caption: 'Location tiles',
    columns: ['Location', 'City', 'VP', 'Fought as', 'Fixed bonus'],
    rows: LOCATIONS.map((l) => [locationLabel(l.id), CITIES[l.owner], l.vp, roundsText(l.id), bonusText(l.id) || '—']),
  },
  {
    caption: 'Influence tiles',
    columns: ['Tile', 'How many', 'Shards', 'Effect'],
    rows: tileGroups().map(([label, ids]) => [label, ids.length, INFLUENCE_TILES[ids[0]].shards, tileEffect(ids[0])]),
  },
  {
    caption: 'Special tiles (one per player, used once)',
    columns: ['Tile', 'When', 'Effect'],
    rows: SPECIALS.map((name, k) => [name, SPECIAL_WHEN[k], SPECIAL_TEXT[k]]),
  },
  {
    caption: 'Combat results: the roll of two dice each side needs to hit',
    columns: ['Column', 'When', 'Attackers hit on', 'Defenders hit on'],
    rows: CRT.map((col, i) => [col.name, CRT_CONDITION[i], `${col.attackerTarget}+`, `${col.defenderTarget}+`]),
  },
];

export const RULES: RulesDoc = {
  intro:
    'Each player is a noble family of ancient Greece. You spread your influence cubes over six cities, win their ' +
    ('elections, and as Leader send their hoplites and triremes to attack ' +
      'or defend Location tiles; players who lead no ') +
    (`city command the Persians together. After at most ${MAX_TURNS} turns ` +
      `the player with the most victory points (VP) wins: `) +
    'VP of the Locations won, statues of former Leaders, and 1 VP per cube on the board.',
  sections: [
    {
      heading: 'Set-up',
      paragraphs: [
        `Every player starts with ${START_CUBES_PER_CITY} cubes in each of the ` +
          `six cities and ${CUBES_PER_PLAYER} cubes in all. ` +
          (`${DISPLAY_SLOTS} Influence tiles are laid face up and ` +
            `${LOCATION_SLOTS} Location tiles are dealt. Each player gets one `) +
          'face-down Special tile that only he knows; the others are set aside unseen.',
        `A random start player begins, and in ${INITIAL_PLACEMENT_ROUNDS} ` +
          `rounds every player adds one more cube to a city of his choice.`,
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        `Influence: in turn order each player takes one face-up Influence tile ` +
          `at a time until everyone holds ${tilesPerPlayer(4)} ` +
          (`(${tilesPerPlayer(5)} with five players). A tile adds cubes to its ` +
            `city (or any city for an Any tile); a Candidate tile `) +
          ('also lets you nominate a candidate, an Assassin tile lets you remove ' +
            'one cube or candidate. You may not take a tile ') +
          ('of a colour you already took this turn unless only such tiles are ' +
            'left. Perikles, Alkibiades and Plague are used ') +
          'on your own influence turn.',
        'Nominations: then, in turn order, each player who can must nominate a ' +
          'candidate in a city where he has a cube or ' +
          'a candidate, choosing a player who has a cube there. Each city has two candidate spaces, α and β.',
        'Elections: in each city the candidate with more cubes there wins (α ' +
          'on a tie) and loses as many of his cubes as ' +
          ('the other candidate has. The winner is that city’s Leader for the ' +
            'turn and takes its army; players leading no ') +
          'city share the Persian army. Each Leader recovers one counter from his city’s dead pool.',
        'Committing forces: the Leader of Sparta names who begins. Each player ' +
          'in turn spends one of his Influence tiles ' +
          ('(all 2-shard tiles first) and may commit up to two counters face ' +
            'down, each to attack or defend one Location; ') +
          ('after two he may spend a cube in a city he leads for up to two more ' +
            'of that city’s counters (a Persian leader: a cube ') +
          'in any city, for two more Persian counters). Powers that fight ' +
          'together become allies and those facing each other go to war, which limits later moves; defending another ' +
          'city’s Location needs its Leader’s permission.',
        'Battles: Locations are fought one by one. Each round (hoplites or ' +
          'triremes, as the tile says) compares the two ' +
          ('sides’ strengths on the combat table; both sides roll two dice at ' +
            'once, a hit gives a battle token, and two tokens ') +
          ('win the round. The loser loses its weakest counter. The winner of the ' +
            'first round starts the second with one token.'),
        'End of the turn: each Leader becomes a statue in his city, the armies ' +
          'go home and the next turn starts with new tiles.',
      ],
    },
    {
      heading: 'Scoring',
      paragraphs: [
        'A Location won by the attackers gives its VP to the main attacker and ' +
          'a defeat to its city; won by defenders who ' +
          'were attacked, its VP go to the main defender. An unattacked defender instead adds two cubes to the city.',
        'Each statue is worth its city’s statue value after the final number ' +
          'of defeats (see the table). Every cube on ' +
          'the board is worth 1 VP.',
      ],
    },
    {
      heading: 'The end',
      paragraphs: [
        `The game ends after turn ${MAX_TURNS}, or at the end of a turn in ` +
          `which Athens or Sparta reached ${ENDING_DEFEATS} defeats. ` +
          ('The most VP wins; ties go to the most VP from Locations, then the ' +
            'most statues; players still equal share the win. ') +
          (`(The arena also stops a game after ` +
            `${STEP_CAP.toLocaleString('en-US')} decisions and ranks by the ` +
            `current score.)`),
      ],
    },
    {
      heading: 'What you can see',
      paragraphs: [
        'Everything is open except: the other players’ unused Special tiles, ' +
          'the order of the decks, and the strength of ' +
          ('counters committed face down by other players (you see their power, ' +
            'type, Location and side). They are revealed ') +
          'when that Location’s battle begins.',
      ],
    },
  ],
  tables: TABLES,
};
