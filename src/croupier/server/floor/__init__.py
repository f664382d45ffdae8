"""The floor: its log of decisions, the penalties it gives, and its operations on cash tables."""
