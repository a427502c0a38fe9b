"""A tournament's limits, where the application layer checks them and the command line's
number types take them from (scorepad/cli/numbers.py): pure, no store."""

NAME_MAX = 80
ROUNDS_MAX = 50
GAMES_MAX = 500
NUMBER_MAX = 99_999
