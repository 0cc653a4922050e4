"""One spelling of info keys across the envs: Python's snake_case (the server speaks camelCase)."""
from __future__ import annotations

import re
from typing import Any

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")
_SNAKE: dict[str, str] = {}


def _snake(key: str) -> str:
    name = _SNAKE.get(key)
    if name is None:
        name = _SNAKE[key] = _CAMEL.sub("_", key).lower()
    return name


def snake_info(info: dict[str, Any]) -> dict[str, Any]:
    """The info dict with its keys in snake_case ('episodeLength' -> 'episode_length')."""
    return {_snake(k): v for k, v in info.items()}
