"""One module of click commands per area; each exposes ``register(group)``."""
