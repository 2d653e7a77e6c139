"""Render a local HTML file in headless Chromium: console messages, requests, a screenshot.

Talks the DevTools protocol over ``--remote-debugging-pipe`` (file descriptors 3 and 4, JSON
messages ended by NUL), so no port, no websocket library and no network are needed. What a page
does is recorded from the protocol, not scraped from logs:

* ``Runtime.consoleAPICalled`` and ``Log.entryAdded`` → :attr:`PageReport.console`
  (a CSP violation or a failed load is a ``Log`` error);
* ``Runtime.exceptionThrown`` → :attr:`PageReport.exceptions`;
* ``Network.requestWillBeSent`` → :attr:`PageReport.requests` (every URL the page asked for);
* ``Page.captureScreenshot`` of the whole page → a PNG file.

Chromium also gets a proxy that does not exist, so a request to the network fails instead of
leaving the machine. Shared by the reports (first written for the conformance report).
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reports.common.errors import BrowserError

CANDIDATES: tuple[str, ...] = ("chromium", "chromium-browser", "google-chrome",
                               "google-chrome-stable", "chrome")
"""Executable names tried, after the ``CHROMIUM`` environment variable."""

FLAGS: tuple[str, ...] = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--no-default-browser-check", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-extensions",
    "--disable-dev-shm-usage", "--mute-audio", "--hide-scrollbars",
    "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
    "--remote-debugging-pipe",
)
"""Chromium flags: headless as root, quiet, and with the network unreachable."""


def find_chromium() -> str | None:
    """The Chromium executable (``$CHROMIUM`` or one of :data:`CANDIDATES` on ``PATH``)."""
    env = os.environ.get("CHROMIUM")
    if env:
        return shutil.which(env) or (env if Path(env).is_file() else None)
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclass(frozen=True)
class ConsoleMessage:
    """One console or log entry of the page."""

    source: str
    """``console`` (a ``console.*`` call) or the ``Log`` domain's source (``security``, ...)."""
    level: str
    """``error``, ``warning``, ``info``, ``log``, ``debug``, ..."""
    text: str

    def __str__(self) -> str:
        return f"[{self.source}:{self.level}] {self.text}"


@dataclass
class PageReport:
    """What the page did while it loaded."""

    url: str
    console: list[ConsoleMessage] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    """Uncaught exceptions (their description)."""
    requests: list[str] = field(default_factory=list)
    """Every URL requested, the page itself included, in order."""
    values: list[Any] = field(default_factory=list)
    """The value of each ``evaluate`` expression, in order."""
    screenshot: Path | None = None

    @property
    def errors(self) -> list[str]:
        """Console/log errors and uncaught exceptions, as text."""
        return ([str(m) for m in self.console if m.level == "error"]
                + [f"uncaught: {e}" for e in self.exceptions])

    @property
    def network_requests(self) -> list[str]:
        """Requested URLs that are not the local file itself or inline (``data:``, ``about:``)."""
        return [u for u in self.requests
                if not u.startswith(("data:", "about:", "blob:")) and u != self.url]


class _Pipe:
    """A DevTools session over the two pipes."""

    def __init__(self, proc: subprocess.Popen[bytes], write_fd: int, read_fd: int,
                 deadline: float) -> None:
        self.proc = proc
        self.write_fd = write_fd
        self.read_fd = read_fd
        self.deadline = deadline
        self.buffer = b""
        self.next_id = 0
        self.events: list[dict[str, Any]] = []

    def _read_message(self) -> dict[str, Any]:
        while b"\0" not in self.buffer:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("Chromium did not answer in time")
            ready, _, _ = select.select([self.read_fd], [], [], min(left, 0.5))
            if not ready:
                if self.proc.poll() is not None:
                    raise BrowserError(f"Chromium exited with status {self.proc.returncode}")
                continue
            chunk = os.read(self.read_fd, 1 << 20)
            if not chunk:
                raise BrowserError("Chromium closed the DevTools pipe")
            self.buffer += chunk
        raw, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(raw.decode("utf-8"))

    def send(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None) -> dict[str, Any]:
        """Call ``method`` and wait for its answer (events meanwhile are kept)."""
        self.next_id += 1
        msg: dict[str, Any] = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        data = json.dumps(msg).encode("utf-8") + b"\0"
        while data:
            data = data[os.write(self.write_fd, data):]
        while True:
            answer = self._read_message()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise BrowserError(f"DevTools {method}: {answer['error']}")
                return answer.get("result", {})
            if "method" in answer:
                self.events.append(answer)

    def wait_event(self, method: str) -> dict[str, Any]:
        """Wait for the next event ``method`` (keeping all events seen)."""
        for ev in self.events:
            if ev.get("method") == method and not ev.get("_seen"):
                ev["_seen"] = True
                return ev
        while True:
            ev = self._read_message()
            if "method" in ev:
                self.events.append(ev)
                if ev["method"] == method:
                    ev["_seen"] = True
                    return ev


def _record(report: PageReport, events: Sequence[dict[str, Any]]) -> None:
    for ev in events:
        method, params = ev.get("method"), ev.get("params", {})
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in
                            params.get("args", []))
            level = {"warning": "warning", "assert": "error"}.get(params.get("type", ""),
                                                                  params.get("type", "log"))
            report.console.append(ConsoleMessage("console", level, text))
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            report.console.append(ConsoleMessage(entry.get("source", "other"),
                                                 entry.get("level", "info"),
                                                 entry.get("text", "") + (
                                                     f" ({entry['url']})" if entry.get("url")
                                                     else "")))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            exc = details.get("exception", {})
            report.exceptions.append(exc.get("description") or details.get("text", "?"))
        elif method == "Network.requestWillBeSent":
            report.requests.append(params.get("request", {}).get("url", ""))


def _high(fds: tuple[int, int]) -> tuple[int, int]:
    """Move a pipe's ends above fd 9, so that wiring fds 3 and 4 cannot clobber them."""
    out = []
    for fd in fds:
        moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(fd)
        out.append(moved)
    return out[0], out[1]


def render_page(page: str | Path, screenshot: str | Path | None = None, width: int = 1280,
                height: int = 2000, full_page: bool = True, evaluate: Sequence[str] = (),
                settle: float = 0.3, timeout: float = 60.0,
                chromium: str | None = None) -> PageReport:
    """Load the local file ``page`` in headless Chromium and report what it did.

    ``screenshot``: write a PNG there (the whole page when ``full_page``, else the
    ``width`` × ``height`` viewport). ``evaluate``: JavaScript expressions whose JSON values are
    returned in :attr:`PageReport.values` (after load). ``settle``: seconds to wait after the load
    event for late console messages. Raises :class:`BrowserError` when Chromium is missing, does
    not start, or does not finish within ``timeout`` seconds.
    """
    exe = chromium or find_chromium()
    if not exe:
        raise BrowserError("Chromium not found (install it, e.g. `apt-get install chromium`, "
                           "or set CHROMIUM)")
    url = Path(page).resolve().as_uri()
    report = PageReport(url=url)
    to_child_r, to_child_w = _high(os.pipe())
    from_child_r, from_child_w = _high(os.pipe())

    def wire_fds() -> None:  # in the child: DevTools reads fd 3, writes fd 4 (inheritable)
        os.dup2(to_child_r, 3)
        os.dup2(from_child_w, 4)

    with tempfile.TemporaryDirectory(prefix="rulings-chromium-") as profile:
        try:
            proc = subprocess.Popen(  # noqa: S603
                [exe, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
                 "about:blank"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                pass_fds=(3, 4), preexec_fn=wire_fds)  # noqa: PLW1509
        except OSError as exc:
            for fd in (to_child_r, to_child_w, from_child_r, from_child_w):
                os.close(fd)
            raise BrowserError(f"cannot start Chromium ({exe}): {exc}") from exc
        os.close(to_child_r)
        os.close(from_child_w)
        pipe = _Pipe(proc, to_child_w, from_child_r, time.monotonic() + timeout)
        try:
            target = pipe.send("Target.createTarget", {"url": "about:blank"})
            attached = pipe.send("Target.attachToTarget",
                                 {"targetId": target["targetId"], "flatten": True})
            sid = attached["sessionId"]
            for domain in ("Runtime", "Log", "Network", "Page"):
                pipe.send(f"{domain}.enable", session=sid)
            pipe.send("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1,
                       "mobile": False}, session=sid)
            pipe.events.clear()
            nav = pipe.send("Page.navigate", {"url": url}, session=sid)
            if nav.get("errorText"):
                raise BrowserError(f"cannot load {url}: {nav['errorText']}")
            pipe.wait_event("Page.loadEventFired")
            end = time.monotonic() + settle
            while time.monotonic() < end:  # let late messages arrive
                pipe.send("Runtime.evaluate", {"expression": "0"}, session=sid)
                time.sleep(0.05)
            for expr in evaluate:
                res = pipe.send("Runtime.evaluate", {"expression": expr, "returnByValue": True},
                                session=sid)
                if "exceptionDetails" in res:
                    raise BrowserError(f"evaluate {expr!r}: {res['exceptionDetails']}")
                report.values.append(res.get("result", {}).get("value"))
            if screenshot is not None:
                params: dict[str, Any] = {"format": "png"}
                if full_page:
                    metrics = pipe.send("Page.getLayoutMetrics", session=sid)
                    size = metrics.get("cssContentSize") or metrics["contentSize"]
                    params.update(captureBeyondViewport=True, clip={
                        "x": 0, "y": 0, "width": width,
                        "height": max(1, int(size["height"])), "scale": 1})
                shot = pipe.send("Page.captureScreenshot", params, session=sid)
                out = Path(screenshot)
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(base64.b64decode(shot["data"]))
                report.screenshot = out
            _record(report, pipe.events)
            try:
                pipe.send("Browser.close")
            except BrowserError:
                pass
        finally:
            os.close(to_child_w)
            os.close(from_child_r)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return report
