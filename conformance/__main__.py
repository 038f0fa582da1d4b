"""``python -m conformance``: the same as the ``mtgconf`` command."""

from __future__ import annotations

import sys

from .cli import main

sys.exit(main())
