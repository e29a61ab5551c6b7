"""Cumulative scans that survive core ATen decomposition."""
