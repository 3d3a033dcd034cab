"""Never lose a table, in Debian's chromium: the connection light, reconnection after a server
restart and after a network drop with the page left open, the game's URL on a fresh device, the
join code shown in game, and the app served over HTTPS with a self-signed certificate made here
(openssl).

Uses the server, browser and game helpers of tests/test_browser_app.py."""

# ruff: noqa: F811  (the fixtures of test_browser_app.py are imported, then used by name)
from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import WAIT_MS, free_port
from playwright.sync_api import expect
from test_browser_app import (  # noqa: F401  (fixtures)
    ROOT,
    Server,
    browser,
    db_url,
    known_game,
    page,
    rows,
    server,
)

pytestmark = pytest.mark.browser


def game_url(server: Server, gid: int, code: str) -> str:
    return f"{server.url}?game={gid}&code={code}"


def light(page):
    return page.locator(".sw-conn")


class Relay:
    """A TCP relay between the browser and the server whose connections can be cut and
    refused for a while: a network drop (Wi-Fi lost) that the server process survives."""

    def __init__(self, target: int):
        self.target = target
        self.up = True
        self.socks: list[socket.socket] = []
        self.listener = socket.create_server(("127.0.0.1", free_port()))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                near.close()
                continue
            far = socket.create_connection(("127.0.0.1", self.target))
            self.socks += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        self.up = False
        for s in self.socks:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.socks = []

    def close(self) -> None:
        self.cut()
        self.listener.close()


def test_a_network_drop_resumes_in_place_without_a_reload(db_url, page):
    """Never lose a table: the page is left open through a network drop that the server's
    session survives; it reconnects by itself and resumes in place (a mark set in the page
    survives: no reload, no navigation), on the same game and screen, and taps work again."""
    gid, code = known_game(db_url)
    server = Server(db_url)
    relay = Relay(server.port)
    server.args.append(f"--allow-websocket-origin=127.0.0.1:{relay.port}")
    server.start()
    try:
        page.goto(f"http://127.0.0.1:{relay.port}/app?game={gid}&code={code}")
        expect(page.get_by_text("To play:")).to_be_visible()
        page.get_by_role("button", name="Pick").first.click()
        expect(page.get_by_text("plays Ratmen")).to_be_visible()
        page.evaluate("window.swMark = 1")
        moved: list[str] = []
        page.on("framenavigated", lambda f: f == page.main_frame and moved.append(f.url))
        relay.cut()
        expect(light(page)).to_have_attribute("data-state", re.compile("reconnecting|offline"),
                                              timeout=WAIT_MS)
        time.sleep(3)
        relay.up = True
        expect(light(page)).to_have_text("● Connected", timeout=WAIT_MS)
        assert page.evaluate("window.swMark") == 1 and moved == []  # resumed in place
        expect(page.get_by_text("plays Ratmen")).to_be_visible()
        page.get_by_role("button", name="End the turn").click()
        page.get_by_role("button", name="Confirm: End the turn").click()
        expect(page.get_by_text("pick a race and power")).to_be_visible()
        assert [r.action["do"] for r in rows(db_url, gid)] == ["pick", "end_turn"]
    finally:
        relay.close()
        server.kill()


def test_reconnects_after_a_server_restart_to_the_same_game_without_a_code(db_url, page):
    """The page is left open, nobody touches it: after the restart it comes back to the same
    game and screen by itself (by reloading its URL, which names the game: see
    dashboards/connection.py), every navigation it makes by itself lands on that game's URL,
    and it never shows the lobby's code field."""
    gid, code = known_game(db_url)
    server = Server(db_url)
    server.start()
    try:
        page.goto(server.url)  # from the lobby, as a table does: the URL then names the game
        page.get_by_placeholder("Join code of any game").fill(code.lower())
        page.get_by_role("button", name="Open by code").click()
        expect(page.get_by_text("To play:")).to_be_visible()
        expect(light(page)).to_have_text("● Connected")
        assert f"game={gid}" in page.url
        page.get_by_role("button", name="Pick").first.click()
        expect(page.get_by_text("plays Ratmen")).to_be_visible()
        url = page.url
        moved: list[str] = []
        page.on("framenavigated", lambda f: f == page.main_frame and moved.append(f.url))
        server.kill()
        expect(light(page)).to_have_attribute("data-state", "reconnecting", timeout=WAIT_MS)
        page.screenshot(path="/tmp/sw/reconnecting.png")
        time.sleep(2)
        server.start()
        expect(light(page)).to_have_text("● Connected", timeout=WAIT_MS)
        expect(page.get_by_text("plays Ratmen")).to_be_visible(timeout=WAIT_MS)  # same game
        expect(page.get_by_text("Table 9").first).to_be_visible()
        assert moved and set(moved) == {url} and page.url == url  # by itself, to the game
        expect(page.get_by_placeholder("e.g. K7QX2M")).to_have_count(0)  # never asked a code
        tap_end = page.get_by_role("button", name="End the turn")
        tap_end.click()
        page.get_by_role("button", name="Confirm: End the turn").click()
        expect(page.get_by_text("pick a race and power")).to_be_visible()
        assert [r.action["do"] for r in rows(db_url, gid)] == ["pick", "end_turn"]
    finally:
        server.kill()


def test_the_game_url_opens_the_game_on_a_fresh_device(server, browser, db_url):
    gid, code = known_game(db_url)
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    ctx.set_default_timeout(WAIT_MS)
    try:
        fresh = ctx.new_page()
        fresh.goto(game_url(server, gid, code))
        expect(fresh.get_by_text("To play:")).to_be_visible()
        expect(fresh.get_by_text("Table 9").first).to_be_visible()
        fresh.reload()  # a reload stays in the game
        expect(fresh.get_by_text("To play:")).to_be_visible()
        fresh.goto(game_url(server, gid, "WRONG1"))  # a wrong code: the lobby says so
        expect(fresh.get_by_text("Wrong table or join code.")).to_be_visible()
    finally:
        ctx.close()


def test_the_join_code_is_shown_in_game(server, page, db_url):
    gid, code = known_game(db_url)
    page.goto(game_url(server, gid, code))
    expect(page.get_by_text("To play:")).to_be_visible()
    page.get_by_role("button", name="Join code").click()
    expect(page.locator(".sw-codebox .sw-code")).to_have_text(code)
    expect(page.locator(".sw-codebox")).to_contain_text(f"game={gid}")


def test_https_with_a_self_signed_certificate(tmp_path, browser, db_url):
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    gid, code = known_game(db_url)
    server = Server(db_url)
    panel = Path(sys.executable).with_name("panel")
    import os

    env = {**os.environ, "SW_DATABASE_URL": db_url}
    proc = subprocess.Popen(
        [str(panel), "serve", str(ROOT / "dashboards" / "app.py"), "--port", str(server.port),
         "--address", "127.0.0.1", f"--allow-websocket-origin=localhost:{server.port}",
         "--ssl-certfile", str(cert), "--ssl-keyfile", str(key)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ctx = browser.new_context(ignore_https_errors=True)
    ctx.set_default_timeout(WAIT_MS)
    try:
        p = ctx.new_page()
        url = f"https://localhost:{server.port}/app?game={gid}&code={code}"
        for _ in range(60):
            try:
                p.goto(url)
                break
            except Exception:
                time.sleep(0.5)
        expect(p.get_by_text("To play:")).to_be_visible()  # the websocket works over wss://
        expect(light(p)).to_have_text("● Connected")
        assert p.evaluate("location.protocol") == "https:"
        import urllib.request

        with pytest.raises(OSError):  # plain HTTP is not served on that port
            urllib.request.urlopen(f"http://localhost:{server.port}/app", timeout=5)
    finally:
        ctx.close()
        proc.kill()
        proc.wait(timeout=20)
