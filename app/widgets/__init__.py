"""Widgets of the desktop app: card painting, the card table, the info and status panels."""
