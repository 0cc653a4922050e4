import os
import sys
from pathlib import Path

# Importable from a clone without installing: python/ on the path.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("AGORA_HOME", str(Path(__file__).resolve().parents[2]))
