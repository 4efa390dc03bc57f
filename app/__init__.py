"""The Tenace desktop app (PySide6 front end over the Qt-free engine)."""
