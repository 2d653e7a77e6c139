"""Run outputs: JSON Lines (the stream, read back and validated), JUnit XML, Markdown."""
