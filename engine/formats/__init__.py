"""File formats: PBN (Portable Bridge Notation) game files, read and written; BBO LIN hand records, read.

Public surface: :func:`read_pbn`, :func:`write_pbn`, :func:`write_pbn_file`,
the :class:`PbnGame` model with :class:`Auction`/:class:`Call` and
:class:`PlayRecord`/:class:`Trick`, and :class:`PbnError` for bad input.
"""

from ..bridge.auction import DOUBLE, PASS, PASSED_OUT, REDOUBLE, Auction, AuctionError, Call, CallKind, PassedOut
from .lin import LinError, parse_lin, read_lin
from .pbn_error import PbnError, PbnFileError, PbnSizeError
from .pbn_game import PbnGame, PbnGameError, PbnTag
from .pbn_io import MAX_PBN_BYTES, parse_pbn, read_pbn, write_pbn, write_pbn_file
from .play_record import PlayError, PlayRecord, Trick, play_from_columns

__all__ = [
    "Auction",
    "AuctionError",
    "Call",
    "CallKind",
    "DOUBLE",
    "PASS",
    "PASSED_OUT",
    "PassedOut",
    "LinError",
    "MAX_PBN_BYTES",
    "PbnError",
    "PbnFileError",
    "PbnSizeError",
    "PbnGame",
    "PbnGameError",
    "PbnTag",
    "PlayError",
    "PlayRecord",
    "REDOUBLE",
    "Trick",
    "parse_lin",
    "parse_pbn",
    "play_from_columns",
    "read_lin",
    "read_pbn",
    "write_pbn",
    "write_pbn_file",
]
