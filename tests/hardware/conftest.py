import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # fake_clock


@pytest.fixture
def factory():
    """gpiozero's own MockFactory, a fresh one per test (its pins keep their state otherwise)."""
    from gpiozero.pins.mock import MockFactory

    mock = MockFactory()
    yield mock
    mock.reset()
    mock.close()
