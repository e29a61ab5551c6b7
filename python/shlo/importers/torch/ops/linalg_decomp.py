"""Linear algebra decompositions."""
