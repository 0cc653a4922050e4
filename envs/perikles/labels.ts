/**
 * actionToString: labels people read ('take Athens (2 cubes) from slot 3', 'nominate seat 2 in
 * Thebes', 'Spartan hoplite 3', 'defend Naupactus'). Actions of the decision being asked get a
 * label naming tiles, places and counters; any other action gets a generic label from §9 that
 * reads nothing from the state. Only the seat to act is shown these labels, and a label names
 * nothing that seat cannot see (its own special, its own counters' strengths, public facts).
 */
import { CITIES, LOCATIONS, POWERS, SPECIALS, UNIT_TYPES, kindLabel, kindOf, tileLabel } from './cards.js';
import {
  A_ALKIBIADES,
  A_ASSASSINATE,
  A_CHOOSE,
  A_DEAD_POOL,
  A_DISPLAY,
  A_NOMINATE,
  A_POWER,
  A_REVOLT,
  A_REVOLT_POOL,
  A_SELECT,
  A_TARGET,
  A_TOKEN,
  ACTION_SIZE,
  inRanges,
} from './actions.js';
import { casualtyCandidates, roundType } from './battle.js';
import {
  D_ALKI_DEST,
  D_ALKI_SOURCE,
  D_ANY_CITY,
  D_ASSASSINATE,
  D_BATTLE_SPECIAL,
  D_CASUALTY,
  D_DEAD_POOL,
  D_FIRST_COMMIT,
  D_INITIAL_CUBE,
  D_NOMINATE,
  D_PERMISSION,
  D_PLAGUE,
  D_POST_SPECIAL,
  D_SELECT,
  D_SLAVE_REVOLT,
  D_SPEND,
  D_TAKE,
  D_TARGET,
  type Table,
} from './table.js';
import { deadOfType } from './military.js';

const SIDES = ['attack', 'defend'] as const;
const SPACE_NAMES = ['α', 'β'] as const;

/** Generic label of any action number (§9 meaning only). */
export function genericLabel(a: number): string {
  if (!Number.isInteger(a) || a < 0 || a >= ACTION_SIZE) return `action ${a} (not an action)`;
  if (a === 0) return 'pass / stop / deny';
  if (a === 1) return 'yes / use / grant';
  if (a < A_DISPLAY) return `power ${POWERS[a - A_POWER]}`;
  if (a < A_NOMINATE) return `display slot ${a - A_DISPLAY}`;
  if (a < A_ASSASSINATE) return `nominate seat ${(a - A_NOMINATE) % 5} in ${CITIES[Math.floor((a - A_NOMINATE) / 5)]}`;
  if (a < A_ALKIBIADES) {
    const target = (a - A_ASSASSINATE) % 7;
    const city = CITIES[Math.floor((a - A_ASSASSINATE) / 7)];
    return target < 5
      ? `assassinate a seat ${target} cube in ${city}`
      : `assassinate the ${city} ${SPACE_NAMES[target - 5]} candidate`;
  }
  if (a < A_CHOOSE)
    return `Alkibiades: a seat ${(a - A_ALKIBIADES) % 5} cube from ${CITIES[Math.floor((a - A_ALKIBIADES) / 5)]}`;
  if (a < A_DEAD_POOL) return `choose seat ${a - A_CHOOSE}`;
  if (a < A_SELECT) return `recover a ${POWERS[(a - A_DEAD_POOL) >> 1]} ${UNIT_TYPES[(a - A_DEAD_POOL) & 1]}`;
  if (a < A_TARGET) return kindLabel(a - A_SELECT);
  if (a < A_REVOLT) return `${SIDES[(a - A_TARGET) & 1]} Location slot ${(a - A_TARGET) >> 1}`;
  if (a < A_REVOLT_POOL) return `Slave Revolt at Location slot ${a - A_REVOLT}`;
  if (a === A_REVOLT_POOL) return "Slave Revolt on the Sparta Leader's pool";
  return a === A_TOKEN ? 'battle token to the attackers' : 'battle token to the defenders';
}

/** The label of action a in position t (context label if a belongs to the decision being asked). */
export function actionLabel(t: Table, a: number): string {
  if (!Number.isInteger(a) || a < 0 || a >= ACTION_SIZE || !inRanges(t.dec, a)) return genericLabel(a);
  const city = (x: number) => CITIES[x];
  const special = t.actor >= 0 ? SPECIALS[t.special[t.actor]] : '';
  switch (t.dec) {
    case D_INITIAL_CUBE:
      return `place a cube in ${city(a - A_POWER)}`;
    case D_TAKE: {
      if (a === 1) return `use ${special}`;
      const tile = t.display[a - A_DISPLAY];
      return tile < 0 ? `display slot ${a - A_DISPLAY} (empty)` : `take ${tileLabel(tile)} from slot ${a - A_DISPLAY}`;
    }
    case D_ANY_CITY:
      return `Any-city cube to ${city(a - A_POWER)}`;
    case D_NOMINATE:
      return `nominate seat ${(a - A_NOMINATE) % 5} in ${city(Math.floor((a - A_NOMINATE) / 5))}`;
    case D_ASSASSINATE: {
      const c = Math.floor((a - A_ASSASSINATE) / 7);
      const target = (a - A_ASSASSINATE) % 7;
      if (target < 5) return `assassinate a seat ${target} cube in ${city(c)}`;
      return `assassinate the ${city(c)} ${SPACE_NAMES[target - 5]} candidate (seat ${t.cand[c * 2 + target - 5]})`;
    }
    case D_POST_SPECIAL:
      return a === 1 ? `use ${special}` : `do not use ${special}`;
    case D_PLAGUE:
      return `Plague in ${city(a - A_POWER)}`;
    case D_ALKI_SOURCE:
      return `Alkibiades: move a seat ${(a - A_ALKIBIADES) % 5} cube from ${city(Math.floor((a - A_ALKIBIADES) / 5))}`;
    case D_ALKI_DEST:
      return `Alkibiades: move it to ${city(a - A_POWER)}`;
    case D_DEAD_POOL: {
      const c = (a - A_DEAD_POOL) >> 1;
      const type = (a - A_DEAD_POOL) & 1;
      let s = 1;
      while (s < 4 && t.dead[kindOf(c, type, s)] === 0) s++;
      return deadOfType(t, c, type) > 0 ? `recover ${kindLabel(kindOf(c, type, s))}` : genericLabel(a);
    }
    case D_FIRST_COMMIT:
      return `seat ${a - A_CHOOSE} commits first`;
    case D_SLAVE_REVOLT: {
      if (a === 0) return 'do not use Slave Revolt';
      if (a === A_REVOLT_POOL) return "Slave Revolt on the Sparta Leader's pool";
      const loc = t.locSlot[a - A_REVOLT];
      return loc < 0 ? genericLabel(a) : `Slave Revolt at ${LOCATIONS[loc].name}`;
    }
    case D_SELECT:
      return a === 0 ? 'stop committing' : kindLabel(a - A_SELECT);
    case D_TARGET: {
      const loc = t.locSlot[(a - A_TARGET) >> 1];
      return loc < 0 ? genericLabel(a) : `${SIDES[(a - A_TARGET) & 1]} ${LOCATIONS[loc].name}`;
    }
    case D_PERMISSION:
      return a === 1 ? 'grant' : 'deny';
    case D_SPEND:
      return a === 0 ? 'no extra counters' : `spend a cube in ${city(a - A_POWER)} for extra counters`;
    case D_BATTLE_SPECIAL:
      if (a === 0) return `do not use ${special}`;
      if (a === 1) return `use ${special}`;
      return `${special}: token to the ${a === A_TOKEN ? 'attackers' : 'defenders'}`;
    case D_CASUALTY: {
      const [strength] = casualtyCandidates(t, t.loser);
      return `lose ${kindLabel(kindOf(a - A_POWER, roundType(t), Math.max(1, strength)))}`;
    }
    default:
      return genericLabel(a);
  }
}
