"""One spelling of info keys across the envs: Python's snake_case (the server speaks camelCase)."""
from __future__ import annotations

import re
from typing import Any

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def snake_info(info: dict[str, Any]) -> dict[str, Any]:
    """The info dict with its keys in snake_case ('episodeLength' -> 'episode_length')."""
    return {_CAMEL.sub("_", k).lower(): v for k, v in info.items()}
