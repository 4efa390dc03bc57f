"""Game sessions: Qt-free models of a bridge deal or a Hearts game being played by the user and the computer.

The app's controllers drive these models; they never compute a computer move
themselves but hand out jobs (plain callables on frozen views) that the app
runs on its engine worker, then feed the answer back with the ply it was for.
"""
