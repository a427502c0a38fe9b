"""scorepad: the arithmetic of the paper score sheet for real card tables."""

__version__ = "0.2.0"
