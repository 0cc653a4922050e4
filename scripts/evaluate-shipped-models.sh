#!/usr/bin/env bash
# The tournament table of every shipped model: its search (az:, 64 iterations, with the model's search
# defaults: meta.json's search block, else the leaf mix the
# model was trained with), its policy alone (neural:), mcts at the same 64 iterations, greedy and
# random, round-robin at the game's default seat count, seats rotated. Writes
# models/<game>/az/tournament.txt.
#   scripts/evaluate-shipped-models.sh [GAMES_PER_TOURNAMENT] [game...]
set -euo pipefail
cd "$(dirname "$0")/.."
games_per="${1:-200}"
shift || true
games=("$@")
# By default every registered game (envs/games.ts).
if [ ${#games[@]} -eq 0 ]; then read -r -a games <<< "$(npx tsx scripts/list-games.ts)"; fi
for game in "${games[@]}"; do
  model="models/$game/az"
  npx agora tournament "$game" --games "$games_per" --seed "shipped-$game" \
    --agents "az:$model,iterations=64;neural:$model;mcts:iterations=64;greedy;random" \
    > "$model/tournament.txt" 2> /dev/null
  cat "$model/tournament.txt"
done
