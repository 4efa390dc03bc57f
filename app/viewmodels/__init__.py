"""View models: the plain, Qt-free data the widgets show and the controllers build.

Table states, info rows, hint rows, the review's status: frozen dataclasses and
enums that both sides import, so widgets and controllers never import each other
both ways.  Nothing in this package imports Qt.
"""
