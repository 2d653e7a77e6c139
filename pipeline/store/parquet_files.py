"""Encode many small Parquet files of one flat schema at once (the ``aligned`` partitions).

A build writes one ``aligned`` file per card: ~13,300 files of three or four rows. Written one by
one with ``pyarrow.parquet.write_table`` each costs ~0.4 ms of CPU whatever its size (a writer, a
schema conversion and a fresh zstd context for every one of the 13 column chunks: measured with
``perf``, ``ZSTD_createCCtx_advanced`` alone is a fifth of it), ~5 s for the corpus.
:class:`PartitionEncoder` produces the same files from one Arrow table for a fraction of that:
values are encoded once per column for all files, one zstd compressor is reused for every page,
and the footer's constant parts (schema, key-value metadata with ``ARROW:schema``) are encoded
once. ``bench/parquet_bench.py`` measures both.

What it writes, for each run of rows: a Parquet 2.6 file (``PAR1`` … ``PAR1``) with one row group
and, per column, one PLAIN-encoded v1 data page compressed with zstd, definition levels RLE-encoded
for nullable columns, no statistics and no dictionary (the options of
:data:`pipeline.store.writer.PARTITION_OPTIONS`). Its footer carries the same Parquet schema,
column orders and key-value metadata as pyarrow writes for the Arrow schema: the ``ARROW:schema``
entry (field descriptions included) is taken from a file pyarrow wrote, so every reader of Arrow
metadata (pyarrow, pandas) sees the schema exactly. Tests read the files back with pyarrow and
DuckDB and compare them with pyarrow's own files.

Only flat schemas of ``string``, ``date32`` and ``float64`` fields are supported (what the
``aligned`` table holds); :class:`~pipeline.errors.DatasetError` is raised for anything else.
Same table, same bytes.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.errors import DatasetError

__all__ = ["CREATED_BY", "PartitionEncoder"]

CREATED_BY = "mtg-rulings version 1 (build partition-encoder)"
"""The ``created_by`` of the footer (readers parse ``<app> version <v> (build <b>)``)."""

ZSTD_LEVEL = 1
"""Arrow's default zstd level (what ``write_table(compression="zstd")`` uses)."""

_MAGIC = b"PAR1"

# Thrift compact protocol: field types.
_I32, _I64, _BINARY, _LIST, _STRUCT = 5, 6, 8, 9, 12
# Parquet enums.
_PHYSICAL = {"INT32": 1, "DOUBLE": 5, "BYTE_ARRAY": 6}  # of the supported Arrow types
_CONVERTED = {"UTF8": 0, "DATE": 6}
_LOGICAL = {"STRING": 1, "DATE": 6}
_ENCODING = {"PLAIN": 0, "RLE": 3}
_CODEC_ZSTD = 6
_REQUIRED, _OPTIONAL = 0, 1

_VARINTS: list[bytes] = []


def _varint(n: int) -> bytes:
    """Unsigned LEB128 (thrift compact varint)."""
    if n < len(_VARINTS):
        return _VARINTS[n]
    out = bytearray()
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


_VARINTS.extend(_varint(i) for i in range(1 << 16))


def _int(n: int) -> bytes:
    """A thrift i16/i32/i64 (zigzag varint) of a non-negative ``n``."""
    return _varint(n << 1)


_ZIGZAG_SMALL = 1 << 15
"""``_int(n)`` of ``n`` below this is ``_VARINTS[2 * n]`` (a list lookup: the hot path)."""


def _binary(b: bytes) -> bytes:
    return _varint(len(b)) + b


def _list_header(size: int, elem_type: int) -> bytes:
    return (
        bytes([(size << 4) | elem_type]) if size < 15 else bytes([0xF0 | elem_type]) + _varint(size)
    )


def _struct(fields: Sequence[tuple[int, int, bytes]]) -> bytes:
    """A thrift compact struct of ``(field id, type, encoded value)``, ids ascending."""
    out = bytearray()
    last = 0
    for fid, ftype, value in fields:
        delta = fid - last
        if not 0 < delta <= 15:
            raise AssertionError("field ids must ascend by at most 15")
        out.append((delta << 4) | ftype)
        out += value
        last = fid
    out.append(0)
    return bytes(out)


_EMPTY_STRUCT = b"\x00"


class _Column:
    """How one column is encoded: nullability, constant metadata bytes and value kind."""

    __slots__ = ("name", "nullable", "meta_head", "kind")

    def __init__(self, name: str, nullable: bool, meta_head: bytes, kind: str) -> None:
        self.name = name
        self.nullable = nullable
        self.meta_head = meta_head
        """ColumnMetaData fields 1-4 and the header of field 5 (num_values)."""
        self.kind = kind


class PartitionEncoder:
    """Encodes runs of rows of tables of one Arrow ``schema`` as complete Parquet files.

    >>> enc = PartitionEncoder(schema)            # doctest: +SKIP
    >>> files = enc.encode(table, [(0, 3), (3, 4)])  # doctest: +SKIP

    Build one per schema and reuse it (building writes a template file with pyarrow); it is
    immutable once built, so threads may share it.
    """

    def __init__(self, schema: pa.Schema) -> None:
        """Raises :class:`~pipeline.errors.DatasetError` if ``schema`` holds an unsupported type."""
        for field in schema:
            if field.type not in (pa.string(), pa.date32(), pa.float64()):
                raise DatasetError(
                    f"PartitionEncoder: field {field.name!r} has unsupported type {field.type}"
                )
        self.schema = schema
        template = _pyarrow_template(schema)
        self._columns: list[_Column] = []
        schema_elements = [
            _struct(
                [
                    (3, _I32, _int(_REQUIRED)),
                    (4, _BINARY, _binary(b"schema")),
                    (5, _I32, _int(len(schema))),
                ]
            )
        ]
        for i, field in enumerate(schema):
            col = template.schema.column(i)
            chunk = template.row_group(0).column(i)
            physical = _PHYSICAL[col.physical_type]
            nullable = col.max_definition_level > 0
            if nullable != field.nullable:
                raise DatasetError(f"PartitionEncoder: nullability of {field.name!r} differs")
            element: list[tuple[int, int, bytes]] = [
                (1, _I32, _int(physical)),
                (3, _I32, _int(_OPTIONAL if nullable else _REQUIRED)),
                (4, _BINARY, _binary(field.name.encode())),
            ]
            if col.converted_type != "NONE":
                element.append((6, _I32, _int(_CONVERTED[col.converted_type])))
            logical = col.logical_type.type
            if logical != "NONE":
                union = _struct([(_LOGICAL[logical], _STRUCT, _EMPTY_STRUCT)])
                element.append((10, _STRUCT, union))
            schema_elements.append(_struct(element))
            encodings = [_ENCODING[e] for e in chunk.encodings]
            meta_head = (
                bytes([(1 << 4) | _I32])
                + _int(physical)
                + bytes([(1 << 4) | _LIST])
                + _list_header(len(encodings), _I32)
                + b"".join(_int(e) for e in encodings)
                + bytes([(1 << 4) | _LIST])
                + _list_header(1, _BINARY)
                + _binary(field.name.encode())
                + bytes([(1 << 4) | _I32])
                + _int(_CODEC_ZSTD)
                + bytes([(1 << 4) | _I64])  # field 5: num_values follows
            )
            kind = {pa.string(): "string", pa.date32(): "date", pa.float64(): "double"}[field.type]
            self._columns.append(_Column(field.name, nullable, meta_head, kind))
        # FileMetaData: 1 version, 2 schema | 3 num_rows, 4 row_groups | 5 kv, 6 created_by, 7 orders
        self._footer_head = (
            bytes([(1 << 4) | _I32])
            + _int(2)
            + bytes([(1 << 4) | _LIST])
            + _list_header(len(schema_elements), _STRUCT)
            + b"".join(schema_elements)
        )
        kv = template.metadata or {}
        key_values = [
            _struct([(1, _BINARY, _binary(k)), (2, _BINARY, _binary(v))]) for k, v in kv.items()
        ]
        orders = [_struct([(1, _STRUCT, _EMPTY_STRUCT)])] * len(schema)
        self._footer_tail = (
            bytes([(1 << 4) | _LIST])
            + _list_header(len(key_values), _STRUCT)
            + b"".join(key_values)
            + bytes([(1 << 4) | _BINARY])
            + _binary(CREATED_BY.encode())
            + bytes([(1 << 4) | _LIST])
            + _list_header(len(orders), _STRUCT)
            + b"".join(orders)
            + b"\x00"
        )
        self._columns_header = bytes([(1 << 4) | _LIST]) + _list_header(len(schema), _STRUCT)

    def encode(self, table: pa.Table, runs: Sequence[tuple[int, int]]) -> list[bytes]:
        """One Parquet file (as bytes) per ``(offset, length)`` run of ``table``'s rows.

        ``table`` must have the encoder's schema (field names, types and nullability; metadata
        is not compared: the files carry the encoder's).
        """
        if not table.schema.equals(self.schema, check_metadata=False):
            raise DatasetError(
                f"PartitionEncoder: table schema differs from the encoder's:\n{table.schema}"
            )
        n_rows = table.num_rows
        for off, n in runs:
            if off < 0 or n < 0 or off + n > n_rows:
                raise DatasetError(f"PartitionEncoder: run ({off}, {n}) outside {n_rows} rows")
        import zstandard

        # A compressor per call (zstd contexts are not thread-safe), reused for every page.
        compress = zstandard.ZstdCompressor(
            level=ZSTD_LEVEL, write_content_size=True, write_checksum=False
        ).compress
        values = [_values(table.column(c.name), c.kind) for c in self._columns]
        return [self._file(compress, values, off, n) for off, n in runs]

    def _file(
        self,
        compress: Callable[[bytes], bytes],
        values: list[tuple[list[bytes], list[int] | None]],
        off: int,
        n: int,
    ) -> bytes:
        varints = _VARINTS
        small = _ZIGZAG_SMALL
        parts = [_MAGIC]
        pos = 4
        chunks = []
        total_u = total_c = 0
        end = off + n
        n_int = _int(n)
        page_tail = b"\x2c\x15" + n_int + b"\x15\x00\x15\x06\x15\x06\x00\x00"
        for col, (pieces, null_prefix) in zip(self._columns, values, strict=True):
            payload = b"".join(pieces[off:end])
            if col.nullable:
                levels = _definition_levels(null_prefix, off, n)
                payload = _pack_u32(len(levels)) + levels + payload
            packed = compress(payload)
            lp, lc = len(payload), len(packed)
            # PageHeader: 1 type=DATA_PAGE, 2 uncompressed size, 3 compressed size,
            # 5 DataPageHeader(1 num_values, 2 PLAIN, 3 RLE, 4 RLE)
            header = b"".join(
                (
                    b"\x15\x00\x15",
                    varints[lp << 1] if lp < small else _int(lp),
                    b"\x15",
                    varints[lc << 1] if lc < small else _int(lc),
                    page_tail,
                )
            )
            size_u = len(header) + lp
            size_c = len(header) + lc
            offset = varints[pos << 1] if pos < small else _int(pos)
            # ColumnChunk: 2 file_offset, 3 ColumnMetaData(1-4 constant, 5 num_values,
            # 6 total_uncompressed_size, 7 total_compressed_size, 9 data_page_offset)
            chunks.append(
                b"".join(
                    (
                        b"\x26",
                        offset,
                        b"\x1c",
                        col.meta_head,
                        n_int,
                        b"\x16",
                        varints[size_u << 1] if size_u < small else _int(size_u),
                        b"\x16",
                        varints[size_c << 1] if size_c < small else _int(size_c),
                        b"\x26",
                        offset,
                        b"\x00\x00",
                    )
                )
            )
            parts.append(header)
            parts.append(packed)
            pos += size_c
            total_u += size_u
            total_c += size_c
        # RowGroup: 1 columns, 2 total_byte_size, 3 num_rows, 5 file_offset,
        # 6 total_compressed_size, 7 ordinal
        footer = b"".join(
            (
                self._footer_head,
                b"\x16",
                n_int,
                b"\x19\x1c",
                self._columns_header,
                b"".join(chunks),
                b"\x16",
                _int(total_u),
                b"\x16",
                n_int,
                b"\x26",
                _int(4),
                b"\x16",
                _int(total_c),
                b"\x14",
                _int(0),
                b"\x00",
                self._footer_tail,
            )
        )
        parts.append(footer)
        parts.append(_pack_u32(len(footer)))
        parts.append(_MAGIC)
        return b"".join(parts)


_pack_u32 = struct.Struct("<I").pack


def _values(column: pa.ChunkedArray, kind: str) -> tuple[list[bytes], list[int] | None]:
    """Per row, the PLAIN encoding of its value (``b""`` for a null), and the running count of
    nulls before each row (``None`` when the column has none)."""
    if kind == "string":
        pack_len = struct.Struct("<I").pack
        pieces = [
            b"" if v is None else pack_len(len(v)) + v for v in column.cast(pa.binary()).to_pylist()
        ]
    elif kind == "date":
        pack_i = struct.Struct("<i").pack
        pieces = [b"" if v is None else pack_i(v) for v in column.cast(pa.int32()).to_pylist()]
    else:
        pack_d = struct.Struct("<d").pack
        pieces = [b"" if v is None else pack_d(v) for v in column.to_pylist()]
    if column.null_count == 0:
        return pieces, None
    prefix = [0]
    count = 0
    for valid in column.is_valid().to_pylist():
        count += not valid
        prefix.append(count)
    return pieces, prefix


def _definition_levels(null_prefix: list[int] | None, off: int, n: int) -> bytes:
    """RLE-encoded definition levels (bit width 1) of rows ``off .. off+n`` (1 = present)."""
    nulls = 0 if null_prefix is None else null_prefix[off + n] - null_prefix[off]
    if nulls == 0:
        return _varint(n << 1) + b"\x01" if n else b""
    if nulls == n:
        return _varint(n << 1) + b"\x00"
    out = bytearray()
    run_value = null_prefix[off + 1] == null_prefix[off]  # type: ignore[index]
    run_len = 0
    for i in range(off, off + n):
        valid = null_prefix[i + 1] == null_prefix[i]  # type: ignore[index]
        if valid == run_value:
            run_len += 1
            continue
        out += _varint(run_len << 1) + (b"\x01" if run_value else b"\x00")
        run_value, run_len = valid, 1
    out += _varint(run_len << 1) + (b"\x01" if run_value else b"\x00")
    return bytes(out)


def _pyarrow_template(schema: pa.Schema) -> Any:
    """The ``FileMetaData`` pyarrow writes for a one-row file of ``schema`` (the reference this
    encoder's footers copy: Parquet types, encodings and key-value metadata)."""
    row = {}
    for field in schema:
        if field.type == pa.string():
            row[field.name] = pa.array(["x"], type=field.type)
        elif field.type == pa.date32():
            row[field.name] = pa.array([0], type=pa.int32()).cast(pa.date32())
        else:
            row[field.name] = pa.array([0.0], type=field.type)
    table = pa.Table.from_arrays(list(row.values()), schema=schema)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd", write_statistics=False, use_dictionary=False)
    return pq.ParquetFile(pa.BufferReader(sink.getvalue())).metadata
