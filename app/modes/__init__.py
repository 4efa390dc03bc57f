"""Mode-specific views: what each mode puts on the table and the panels beside it."""
