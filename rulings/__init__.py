"""rulings."""
