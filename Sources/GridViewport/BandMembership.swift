/// Which frozen bands an element lies in: one along y (a header row), one along x (a header
/// column), or one on each axis (a corner, which moves both ways). Also the class of
/// membership a frame's band query asks for: the viewport asks once for each of
/// ``vertical``, ``horizontal`` and ``corner``, in that order (``nextClass``).
///
/// A trivial value: its sets are a byte, and nothing about it allocates.
@usableFromInline
struct BandMembership: OptionSet, Hashable, Sendable {
    @usableFromInline let rawValue: UInt8

    @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }

    /// In a band along y.
    @inlinable static var vertical: BandMembership { BandMembership(rawValue: 1) }
    /// In a band along x.
    @inlinable static var horizontal: BandMembership { BandMembership(rawValue: 2) }
    /// In a band on each axis.
    @inlinable static var corner: BandMembership { BandMembership(rawValue: 3) }

    /// The membership of an element in a band along y when `vertical`, along x when
    /// `horizontal`; empty when in neither.
    @inline(__always)
    init(vertical: Bool, horizontal: Bool) {
        self.init(rawValue: (vertical ? 1 : 0) | (horizontal ? 2 : 0))
    }

    /// The class a frame asks for after this one: ``horizontal`` after ``vertical``,
    /// ``corner`` after ``horizontal``, and `nil` after ``corner``.
    @inlinable var nextClass: BandMembership? {
        rawValue < 3 ? BandMembership(rawValue: rawValue + 1) : nil
    }

    /// The index of a class among the three (0, 1, 2), for what is kept per class.
    @inline(__always)
    var classIndex: Int { Int(rawValue) - 1 }
}
