"""Spec-driven verification: every constraint of spec/ops/*.yaml, by id."""
