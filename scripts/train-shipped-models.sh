#!/usr/bin/env bash
# Trains (or resumes) the shipped model of every game: expert iteration at each game's default
# seat count. Each call adds MINUTES of training per game; a run interrupted at any point resumes
# from its checkpoint the next time. Logs go to models/<game>/az/train.log.
#   scripts/train-shipped-models.sh [MINUTES] [game...]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-15}"
shift || true
games=("$@")
if [ ${#games[@]} -eq 0 ]; then games=(tictactoe promotion cityplan philadelphia filthyrich perikles); fi
for game in "${games[@]}"; do
  out="models/$game/az"
  mkdir -p "$out"
  echo "$(date -u +%FT%TZ) $game: $minutes min" | tee -a "$out/train.log"
  npx agora train "$game" --algo az --minutes "$minutes" --out "$out" --seed "ship-$game" >>"$out/train.log" 2>&1
done
