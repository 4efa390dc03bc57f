"""PBN annotation suffixes (``=1=``, ``$12``, ``!``, ``?!`` ...) read in one linear pass.

A call or card in a PBN section may carry annotations: a note reference
``=N=``, a NAG ``$N`` and the suffixes ``!``, ``?``, ``!!``, ``??``, ``!?``,
``?!``.  A regular expression such as ``^(.+?)((?:=\\d+=|\\$\\d+|[!?]{1,2})*)$``
describes them but backtracks exponentially on a word like ``!!!!…!x`` (each run
of ``!`` splits into 1- and 2-character pieces in Fibonacci-many ways), so a
34-byte file could hang the reader.  Here the same language is decided right to
left with one boolean per position, and every function runs in time linear in the
length of the word.
"""

from __future__ import annotations

__all__ = ["annotation_suffix_start", "annotations_of", "is_annotation_only", "split_annotations"]

_MARKS = "!?"


def _suffix_ok(text: str) -> list[bool]:
    """``ok[i]``: ``text[i:]`` is a (possibly empty) sequence of annotations."""
    n = len(text)
    ok = [False] * (n + 1)
    ok[n] = True
    digits_end = n  # end of the run of decimal digits starting at i + 1
    for i in range(n - 1, -1, -1):
        c = text[i]
        if c in _MARKS:
            ok[i] = ok[i + 1] or (i + 1 < n and text[i + 1] in _MARKS and ok[i + 2])
        elif c == "=":
            # ``=digits=``: the digits must run up to the closing '=' (a shorter run ends on a digit)
            ok[i] = digits_end > i + 1 and digits_end < n and text[digits_end] == "=" and ok[digits_end + 1]
        elif c == "$":
            # ``$digits``: only the whole run can be followed by an annotation (none starts with a digit)
            ok[i] = digits_end > i + 1 and ok[digits_end]
        if not c.isdecimal():
            digits_end = i
    return ok


def annotation_suffix_start(text: str) -> int:
    """Where the trailing annotations of a non-empty ``text`` begin (``len(text)`` when none).

    The word before them is never empty: ``"!!"`` is the word ``"!"`` with the
    annotation ``"!"`` (use :func:`is_annotation_only` for a bare annotation).
    """
    if not text:
        raise ValueError("an empty word has no annotations")
    ok = _suffix_ok(text)
    return next(i for i in range(1, len(text) + 1) if ok[i])


def is_annotation_only(text: str) -> bool:
    """True when ``text`` is one or more annotations and nothing else."""
    return bool(text) and _suffix_ok(text)[0]


def _pieces(suffix: str) -> list[str]:
    """The annotations of a string made only of annotations, left to right, longest first."""
    out: list[str] = []
    i, n = 0, len(suffix)
    while i < n:
        c = suffix[i]
        j = i + 1
        if c in _MARKS:
            if j < n and suffix[j] in _MARKS:
                j += 1
        else:  # '=' or '$', then digits (and the closing '=' of a note reference)
            while j < n and suffix[j].isdecimal():
                j += 1
            if c == "=":
                j += 1
        out.append(suffix[i:j])
        i = j
    return out


def split_annotations(text: str) -> tuple[str, list[str]]:
    """``"3NT=1=!"`` -> ``("3NT", ["=1=", "!"])``: the word and its annotations."""
    start = annotation_suffix_start(text)
    return text[:start], _pieces(text[start:])


def annotations_of(text: str) -> list[str]:
    """The annotations of a string that :func:`is_annotation_only` accepts."""
    return _pieces(text)
