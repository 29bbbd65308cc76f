"""Joining from a phone: the LAN address, the join URL with its token, its QR code.

>>> join_url("192.168.1.20", 8765, "abc")
'http://192.168.1.20:8765/?token=abc'
>>> join_url("127.0.0.1", 8765, None)
'http://127.0.0.1:8765/'
>>> qr_svg("http://192.168.1.20:8765/?token=abc").startswith("<svg")
True
"""

from __future__ import annotations

import ipaddress
import socket
from typing import TextIO

import segno

from intlscore.errors import IntlscoreError

__all__ = ["join_url", "lan_address", "print_qr", "qr_svg"]


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not ip.is_loopback and not ip.is_link_local and not ip.is_unspecified


def lan_address() -> str:
    """This machine's IPv4 address on the local network.

    The addresses of the host name come first; if none is usable, the address
    the system would route from (a UDP socket ``connect`` sends no packet).
    """
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if _usable(address):
            return address
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routing lookup only, nothing is sent
        address = str(probe.getsockname()[0])
    except OSError:
        address = ""
    finally:
        probe.close()
    if not _usable(address):
        raise IntlscoreError(
            "no LAN address found: is this machine on a network? (try without --lan)"
        )
    return address


def join_url(host: str, port: int, token: str | None) -> str:
    """The URL a phone opens; it carries the token when there is one."""
    return f"http://{host}:{port}/" + (f"?token={token}" if token else "")


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (black on white, no script, no style sheet)."""
    code = segno.make(url, error="m")
    svg: str = code.svg_inline(scale=4, title="QR code of the join URL", dark="#000", light="#fff")
    return svg


def print_qr(url: str, out: TextIO) -> None:
    """The QR code of ``url`` drawn with block characters in the terminal."""
    segno.make(url, error="m").terminal(out=out, compact=True)
