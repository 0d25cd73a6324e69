import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # die_lines, the tests' own die
