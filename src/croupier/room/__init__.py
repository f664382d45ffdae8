"""Rooms above the tables: cash games (:mod:`croupier.room.cash`) and tournaments
(:mod:`croupier.room.tournament`).

A room owns time and money; the tables below it own the seats and the button, and the
engine below them plays one hand.
"""
