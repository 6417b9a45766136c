import CRUDSpec
import Foundation

/// The rows of one result, read where libpq keeps them: each value is decoded from its
/// text bytes straight into what the store needs, with no String in between for ids,
/// numbers and flags. Valid only inside ``PostgresConnection/rows(_:_:read:)``.
struct PostgresRows {
    let result: OpaquePointer
    let lib: LibPQ
    /// How many rows there are.
    var count: Int32 { lib.ntuples(result) }
    /// How many columns each row has.
    var columns: Int32 { lib.nfields(result) }

    /// Every row made into a record by `make`, after checking the result has `columns`
    /// columns. A row `make` cannot read (it returns nil) makes the whole result `corrupt`.
    func records<Record>(columns expected: Int32, corrupt: CRUDError, _ make: (Int32) -> Record?) throws(PostgresFailure) -> [Record] {
        guard columns == expected else { throw .crud(corrupt) }
        var records: [Record] = []
        records.reserveCapacity(Int(count))
        for row in 0..<count {
            guard let record = make(row) else { throw .crud(corrupt) }
            records.append(record)
        }
        return records
    }

    /// The bytes of a value; `nil` when it is NULL.
    private func bytes(_ row: Int32, _ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard lib.getisnull(result, row, column) == 0 else { return nil }
        return bytesOrEmpty(row, column)
    }

    /// The bytes of a value, empty for NULL: for the readers of numbers, ids and flags, to
    /// which empty is no value either, one library call fewer per value.
    private func bytesOrEmpty(_ row: Int32, _ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let value = lib.getvalue(result, row, column) else { return nil }
        let length = Int(lib.getlength(result, row, column))
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { UnsafeBufferPointer(start: $0, count: length) }
    }

    /// The value as text; `nil` when it is NULL.
    func text(_ row: Int32, _ column: Int32) -> String? {
        bytes(row, column).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A `uuid` value; `nil` when it is NULL or not a UUID.
    func uuid(_ row: Int32, _ column: Int32) -> UUID? {
        bytesOrEmpty(row, column).flatMap { UUID.parse(utf8: $0) }
    }

    /// An integer value in decimal; `nil` when it is NULL, not a number, or out of range.
    func int64(_ row: Int32, _ column: Int32) -> Int64? {
        guard let digits = bytesOrEmpty(row, column), !digits.isEmpty else { return nil }
        let negative = digits[0] == 0x2D
        let start = negative ? 1 : 0
        guard start < digits.count else { return nil }
        var value: Int64 = 0
        for byte in digits[start...] {
            guard (0x30...0x39).contains(byte) else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.subtractingReportingOverflow(Int64(byte - 0x30))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum  // built negative, so Int64.min fits
        }
        if negative { return value }
        let (positive, overflow) = (0 as Int64).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }

    /// A `boolean` value (`t` or `f`); `nil` when it is NULL or neither.
    func bool(_ row: Int32, _ column: Int32) -> Bool? {
        guard let value = bytesOrEmpty(row, column), value.count == 1 else { return nil }
        switch value[0] {
        case 0x74: return true
        case 0x66: return false
        default: return nil
        }
    }
}
