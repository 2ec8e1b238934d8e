"""The Discord layer: the presenter, components, cards, delivery, threads, the clock,
the permission gate and the interaction handlers."""
