"""The class server against a real Voila (voila.json, qttt_widgets.server): what a crawler, a
slow device or a hostile visitor does to it (issue 22). Each test reproduces one finding.
No timing assertions: each waits on the server's state with a generous bound."""
import json
import re
import time
import uuid
import urllib.request

import pytest
import websocket                                                     # websocket-client

from qttt_widgets.server import BROWSER_PROTOCOL


def kernel_of_a_bare_get(base: str) -> str:
    """GET the app page as curl would (no JavaScript) and read its kernel id from the page."""
    html = urllib.request.urlopen(base + "/", timeout=180).read().decode()
    config = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(config.group(1))["kernelId"]


def channels(base: str, kernel_id: str):
    url = base.replace("http", "ws") + f"/api/kernels/{kernel_id}/channels"
    return websocket.create_connection(url, timeout=20, subprotocols=[BROWSER_PROTOCOL])


def close_code(ws, within: float = 90) -> int | str:
    """Read until the server closes the socket: its close code ("open" if it is still open after
    ``within`` seconds; the server's pings would keep a plain recv() waiting for ever)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            opcode, data = ws.recv_data(control_frame=True)
        except websocket.WebSocketTimeoutException:
            continue
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            return int.from_bytes(data[:2], "big") if len(data) >= 2 else "closed without a code"
    return "open"


def kernel_info(ws) -> dict:
    from jupyter_server.services.kernels.connection.base import (deserialize_msg_from_ws_v1,
                                                                 serialize_msg_to_ws_v1)
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "username": "t", "session": "s", "msg_type": "kernel_info_request",
              "version": "5.3"}
    ws.send_binary(serialize_msg_to_ws_v1([json.dumps(p).encode() for p in (header, {}, {}, {})], "shell"))
    while True:
        _channel, parts = deserialize_msg_from_ws_v1(ws.recv())
        reply = json.loads(parts[0])
        if json.loads(parts[1]).get("msg_id") == msg_id and reply["msg_type"] == "kernel_info_reply":
            return reply


# --- finding 2 ---------------------------------------------------------------------------------------
def test_an_8_byte_frame_closes_its_socket_and_the_kernel_still_answers(voila_server):
    kernel_id = kernel_of_a_bare_get(voila_server)
    ws = channels(voila_server, kernel_id)
    ws.send_binary((10**7).to_bytes(8, "little"))              # "ten million offsets follow"
    assert close_code(ws) == 1008                               # refused, not decoded
    ws.close()
    again = channels(voila_server, kernel_id)                   # the server and the kernel still serve
    assert kernel_info(again)                                   # its kernel_info_reply
    again.close()
