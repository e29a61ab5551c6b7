"""Command-line tools (console scripts): shlo-opt, shlo-translate."""
