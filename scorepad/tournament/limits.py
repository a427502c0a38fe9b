"""A tournament's limits, where the application layer checks them and the command line's
number types take them from (scorepad/cli/numbers.py): pure, no store."""

NAME_MAX = 80
ROUNDS_MAX = 50
GAMES_MAX = 500
NUMBER_MAX = 99_999
FEE_MAX = 10_000  # cents: a lost game's fee up to 100 euros
FEE_STEPS_MAX = 20  # amounts for the 1st, 2nd, ... lost game of a series
