"""A shipped model as an external bot on an Agora arena (the Bot API): it plays each turn the legal
action with the model's highest logit, as the `neural:` agent does, and prints each finished match.
Make the bot and its token first (POST /api/bots, or the account page).

    python3 python/examples/bot_model.py --url http://localhost:3000 --token agb_...
    python3 python/examples/bot_model.py --url http://localhost:3000 --token agb_... --model models/promotion/az

Without --model it plays models/<game>/az of this checkout, the game being the match's.
"""
import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runs from a clone without installing
import agora.bot  # noqa: E402
from agora.model import Policy  # noqa: E402

MODELS = Path(__file__).resolve().parents[2] / "models"


class ShippedModels:
    """The bot policy: the model given, or each match's game's shipped model, loaded once."""

    def __init__(self, model: str | None):
        self.fixed = Policy.load(model) if model else None
        self.loaded: dict[str, Policy] = {}

    def __call__(self, turn: agora.bot.Turn) -> int:
        policy = self.fixed or self.loaded.get(turn.game)
        if policy is None:
            policy = self.loaded[turn.game] = Policy.load(MODELS / turn.game / "az")
            print(f"playing {turn.game} with {policy.folder}")
        return policy(turn)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://localhost:3000", help="the arena (default %(default)s)")
    parser.add_argument(
        "--token", default=os.environ.get("AGORA_BOT_TOKEN"), help="the bot's token, agb_... (or $AGORA_BOT_TOKEN)"
    )
    parser.add_argument("--model", help="a model folder (default: models/<game>/az for each match's game)")
    parser.add_argument("--matches", type=int, help="stop after this many finished matches")
    parser.add_argument("--poll", action="store_true", help="poll for turns instead of reading the event stream")
    args = parser.parse_args()
    if not args.token:
        parser.error("--token is required (or set AGORA_BOT_TOKEN)")

    policy = ShippedModels(args.model)
    games = [policy.fixed.game] if policy.fixed else None
    total = {"matches": 0, "elo": 0.0}

    def tally(event):
        total["matches"] += 1
        total["elo"] += event.get("eloChange") or 0.0
        print(f"  {total['matches']} matches so far, Elo {total['elo']:+.1f} in all")

    try:
        agora.bot.run(
            policy, args.url, args.token, games=games, poll=args.poll, matches=args.matches, on_match_end=tally
        )
    except agora.bot.BotAuthError as e:
        sys.exit(str(e))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
