"""`python -m scorepad.cli`: the `scorepad` command."""

from scorepad.cli import main

raise SystemExit(main())
