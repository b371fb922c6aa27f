"""Shared by the audit tests of the published statistics: ingesting a folder, reading the
Parquet tables straight from their parts (not through ``dataset.load``), and reading the
report index's tables."""
from __future__ import annotations

import glob
import html as html_lib
import os
import re
from collections import defaultdict

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset.pipeline import ingest

SEATS = "NESW"
TEAM = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def ingest_dir(rec: str, ds: str) -> str:
    # ingest() takes files (the CLI expands folders)
    ingest(sorted(glob.glob(os.path.join(rec, "*"))), ds)
    return ds


def raw(ds_path: str, table: str) -> pd.DataFrame:
    """A table read straight from its Parquet parts (dictionary columns as plain strings)."""
    parts = sorted(glob.glob(os.path.join(ds_path, table, "*.parquet")))
    t = pa.concat_tables([pq.read_table(p) for p in parts], promote_options="default")
    for i, f in enumerate(t.schema):
        if pa.types.is_dictionary(f.type):
            t = t.set_column(i, f.name, pc.cast(t.column(i), pa.string()))
    df = t.to_pandas()
    return df.astype({c: object for c in df.columns if df[c].dtype.name == "category"})


def isnull(x) -> bool:
    return x is None or (isinstance(x, float) and np.isnan(x))


def same(a, b) -> bool:
    if isnull(a) and isnull(b):
        return True
    if isnull(a) or isnull(b):
        return False
    return bool(np.isclose(float(a), float(b)))


class Raw:
    def __init__(self, path):
        self.path = path
        self.m = raw(path, "matches")
        self.h = raw(path, "hands")
        self.t = raw(path, "tricks")
        self.v = raw(path, "violations")
        self.names = {(r.match_id, s): (getattr(r, "player_" + s.lower()) or s)
                      for r in self.m.itertuples() for s in SEATS}
        self.won_by = defaultdict(int)          # (mid, hand, seat) -> tricks won
        self.failed_by = defaultdict(int)
        for r in self.t.itertuples():
            self.won_by[(r.match_id, r.hand_no, r.winner)] += 1
            if r.throw_failed:
                self.failed_by[(r.match_id, r.hand_no, r.leader)] += 1
        self.viol_by = defaultdict(int)
        for r in self.v.itertuples():
            if isinstance(r.seat, str) and not isnull(r.hand_no):
                self.viol_by[(r.match_id, int(r.hand_no), r.seat)] += 1

    def team_name(self, mid, team):
        a, b = ("N", "S") if team == "NS" else ("E", "W")
        row = self.m[self.m.match_id == mid].iloc[0]
        names = sorted(n for n in (row["player_" + a.lower()], row["player_" + b.lower()])
                       if isinstance(n, str) and n)
        return " / ".join(names) if names else team


def index_html(path_in, out_dir) -> str:
    r = CliRunner().invoke(main, ["report", str(path_in), "-o", str(out_dir), "--hand-pages", "none",
                                  "--no-charts", "-q"])
    assert r.exit_code == 0, r.output
    return (out_dir / "index.html").read_text(encoding="utf-8")


def summary_facts(index: str) -> dict:
    sec = index[index.find('id="summary"'):]
    sec = sec[:sec.find("</section>")]
    return {html_lib.unescape(re.sub("<[^>]+>", "", k)).strip(): html_lib.unescape(re.sub("<[^>]+>", "", v)).strip()
            for k, v in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", sec, re.S)}


def report_table(index: str, section_id: str) -> list[list[str]]:
    sec = index[index.find(f'id="{section_id}"'):]
    sec = sec[:sec.find("</section>")]
    body = sec[sec.find("<tbody>"):]
    return [[html_lib.unescape(re.sub("<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
            for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


__all__ = ["SEATS", "TEAM", "Raw", "index_html", "ingest_dir", "isnull", "raw", "report_table", "same",
           "summary_facts"]
