"""Dialogs: settings, statistics, about and keyboard shortcuts."""
