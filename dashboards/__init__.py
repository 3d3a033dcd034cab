"""Panel apps and the board map of the Small World companion."""
