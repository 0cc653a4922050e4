/**
 * The decision the viewing seat is asked, as one sentence in players' words (pure function of the
 * view; '' when it is not that seat's turn or the game is over).
 */
import {
  CITIES,
  INFLUENCE_SPECIALS,
  KIND_COUNT,
  SPECIALS,
  SP_BRASIDAS,
  SP_PERSIAN_FLEET,
  SP_PHORMIO,
  SP_THESSALANIAN,
  UNIT_TYPES,
  kindLabel,
  kindOf,
  kindPower,
  kindType,
  locationLabel,
  unitLabel,
} from './cards.js';
import { withArticle } from './render.js';
import type { PeriklesView } from './view.js';

/** Cities whose dead-pool recovery waits for this seat's choice of type. */
function pendingDeadPool(view: PeriklesView): number[] {
  const hasType = (c: number, type: number) => {
    for (let k = 0; k < KIND_COUNT; k++)
      if (kindPower(k) === c && kindType(k) === type && view.dead[k] > 0) return true;
    return false;
  };
  return CITIES.map((_, c) => c).filter(
    (c) => view.leaders[c] === view.seat && !view.progress.deadDone.includes(c) && hasType(c, 0) && hasType(c, 1),
  );
}

export function describeDecision(view: PeriklesView): string {
  if (view.isOver || view.seat < 0 || view.toAct !== view.seat) return '';
  const own = view.specials[view.seat];
  const special = own.tile >= 0 ? SPECIALS[own.tile] : 'Special tile';
  const c = view.commit;
  switch (view.decision) {
    case 'initialCube':
      return 'Place one more of your cubes in any city (initial placement).';
    case 'takeTile':
      return `Take one Influence tile from the display, not of a colour you already took this turn unless only such tiles are left${own.tile >= 0 && !own.used && ((INFLUENCE_SPECIALS >> own.tile) & 1) === 1 ? `; you may first use ${special}` : ''}.`;
    case 'anyCity':
      return 'Choose the city where your Any-city tile adds its cube.';
    case 'nominate':
      return 'Nominate a candidate: a player with a cube in a city where you have a cube or a candidate and a candidate space is free.';
    case 'assassinate':
      return 'Choose one cube or candidate anywhere on the board for your Assassin to remove.';
    case 'postSpecial':
      return `Use ${special} now, or keep it for a later influence turn.`;
    case 'plagueCity':
      return 'Choose the city the Plague strikes: every player there loses half of his cubes in it, rounded down.';
    case 'alkibiadesSource':
      return `Alkibiades, move ${view.progress.alkibiadesMoves + 1} of 2: choose a city and whose cube to move from it.`;
    case 'alkibiadesDestination': {
      const [city, owner] = view.alkibiadesSource ?? [0, 0];
      return `Alkibiades: choose the city the seat ${owner} cube from ${CITIES[city]} moves to.`;
    }
    case 'deadPool': {
      const cities = pendingDeadPool(view).map((x) => CITIES[x]);
      return `Choose whether ${cities.length > 0 ? cities.join(' or ') : 'your city'} recovers a hoplite or a trireme from the dead pool (the weakest of that type).`;
    }
    case 'firstCommit':
      return 'As Leader of Sparta (or start player), choose the player who commits forces first.';
    case 'slaveRevolt':
      return 'Use Slave Revolt to send a random Spartan hoplite home from one Location or from the Sparta Leader’s pool, or not.';
    case 'selectCounter':
      if (c !== null && c.extraCity >= 0) {
        return `Choose another ${CITIES[c.extraCity]} counter to commit with your spent cube (${c.extra} of 2 placed), or stop.`;
      }
      return `Choose a counter from your pool to commit face down (${c?.basic ?? 0} of 2 committed this turn), or stop.`;
    case 'target': {
      const sel = c?.selected;
      const unit = sel
        ? sel.strength > 0
          ? kindLabel(kindOf(sel.power, sel.type, sel.strength))
          : unitLabel(sel.power, sel.type)
        : 'counter';
      return `Choose the Location your ${unit} attacks or defends.`;
    }
    case 'permission': {
      const sel = c?.selected;
      const slot = c?.request ? view.locations[c.request.slot] : null;
      const where = slot ? locationLabel(slot.location) : 'your Location';
      return `Seat ${c?.seat ?? '?'} asks to defend ${where} with ${sel ? withArticle(unitLabel(sel.power, sel.type)) : 'a counter'}: grant or deny permission.`;
    }
    case 'spendCube':
      return 'Spend one of your cubes in a city you lead (or, as a Persian leader, any city with your cube) to commit up to two more counters, or end your commit turn.';
    case 'battleSpecial': {
      const b = view.battle;
      const slot = b ? view.locations[b.slot] : null;
      const where = slot ? ` at ${locationLabel(slot.location)}` : '';
      const round = b ? ` (${UNIT_TYPES[b.roundType]} round)` : '';
      if (own.tile === SP_BRASIDAS)
        return `Use Brasidas in this battle${where}${round} to double every Spartan hoplite, or not.`;
      if (own.tile === SP_PHORMIO)
        return `Use Phormio in this battle${where}${round} to double every Athenian trireme, or not.`;
      if (own.tile === SP_THESSALANIAN || own.tile === SP_PERSIAN_FLEET) {
        return `Use ${special} in this battle${where}${round} to give a battle token to the attackers or the defenders, or not.`;
      }
      return `Use your Special tile in this battle${where}${round}, or not.`;
    }
    case 'casualty':
      return 'Your side lost the round: choose which power loses its weakest counter (they are tied).';
    default:
      return '';
  }
}
