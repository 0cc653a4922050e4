#!/usr/bin/env bash
# Trains (or goes on training) the shipped model of every game: expert iteration at each game's
# default seat count, with each game's recipe below. Each call adds MINUTES of training per game.
# - A run interrupted at any point resumes from its checkpoint (models/<game>/az/checkpoint/).
# - Checkpoints stay out of git: in a fresh checkout, a game that already ships a model starts a new
#   run from its weights (--init), and the earlier run's metrics and curves are kept as
#   metrics-stage<N>.jsonl / curves-stage<N>.svg beside the model.
# A new model's meta.json has no search or policy defaults, so a game with a tuning line below then
# has its PUCT constant or leaf mix (agora tune-search) and its policy temperature (agora
# tune-policy) measured again.
# Logs go to models/<game>/az/train.log.
#   scripts/train-shipped-models.sh [MINUTES] [game...]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-15}"
shift || true
games=("$@")
# By default every registered game (envs/games.ts).
if [ ${#games[@]} -eq 0 ]; then read -r -a games <<< "$(npx tsx scripts/list-games.ts)"; fi

# Per-game recipe: the flags of the run that made the shipped model (see README, Shipped models).
recipe() {
  case "$1" in
    tictactoe) echo "--width 128" ;;
    # Long games whose value head is still weak after minutes of self-play: AlphaGo's leaf mixing.
    promotion | philadelphia) echo "--mix 0.5" ;;
    perikles) echo "--mix 1 --eval-every 5" ;;
    *) echo "" ;;
  esac
}

# Per-game search tuning after training: the tune-search flags that chose the shipped c or mix.
tuning() {
  case "$1" in
    perikles) echo "--c 0.75,1 --games 400 --seed tune-perikles-2" ;;
    cityplan) echo "--mix 0,0.5,1 --ms 50 --games 200 --seed tune-cityplan-mix" ;;
    *) echo "" ;;
  esac
}

# Per-game policy tuning after training: the tune-policy flags that chose the shipped temperature.
policy_tuning() {
  case "$1" in
    perikles) echo "--temperature 0,0.5,1,2 --games 400 --seed tune-policy-perikles" ;;
    *) echo "" ;;
  esac
}

for game in "${games[@]}"; do
  out="models/$game/az"
  mkdir -p "$out"
  read -r -a flags <<< "$(recipe "$game")"
  if [ -f "$out/model.json" ] && [ ! -f "$out/checkpoint/state.json" ]; then
    stage=1
    while [ -f "$out/metrics-stage$stage.jsonl" ]; do stage=$((stage + 1)); done
    [ -f "$out/metrics.jsonl" ] && mv "$out/metrics.jsonl" "$out/metrics-stage$stage.jsonl"
    [ -f "$out/curves.svg" ] && mv "$out/curves.svg" "$out/curves-stage$stage.svg"
    # --init reads the model before the run writes anything, so a copy is not needed.
    flags+=(--init "$out")
  fi
  echo "$(date -u +%FT%TZ) $game: $minutes min ${flags[*]}" | tee -a "$out/train.log"
  npx agora train "$game" --algo az --minutes "$minutes" --out "$out" --seed "ship-$game" "${flags[@]}" >>"$out/train.log" 2>&1
  read -r -a tune <<< "$(tuning "$game")"
  if [ ${#tune[@]} -gt 0 ]; then
    echo "$(date -u +%FT%TZ) $game: tune-search ${tune[*]}" | tee -a "$out/train.log"
    npx agora tune-search "$out" "${tune[@]}" >>"$out/train.log" 2>&1
  fi
  read -r -a policy <<< "$(policy_tuning "$game")"
  if [ ${#policy[@]} -gt 0 ]; then
    echo "$(date -u +%FT%TZ) $game: tune-policy ${policy[*]}" | tee -a "$out/train.log"
    npx agora tune-policy "$out" "${policy[@]}" >>"$out/train.log" 2>&1
  fi
done
