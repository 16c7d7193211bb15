#if canImport(Glibc)
import Glibc
#endif
import GridCore

/// The call a layout is making in a child process, as plain numbers in memory the parent
/// shares, so that the parent can name it after the child has died.
struct CallRecord: Hashable {
    /// Which call (``Call``); ``Call/none`` between calls.
    var call: Int32 = Call.none.rawValue
    /// Which layout of the case (1 for the first made, 2 for the second…).
    var instance: Int32 = 0
    /// The element kind of `supplementary(_:at:)`.
    var kind: Int32 = 0
    /// Calls made so far in the case.
    var calls: Int64 = 0
    /// The path's section, or the data's section count for `prepare`.
    var section: Int64 = 0
    /// The path's item, or the data's item count for `prepare`.
    var item: Int64 = 0
    /// The rect of `elements(in:)`, or the container (as `width`, `height`) of `prepare`.
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0

    enum Call: Int32 {
        case none = 0, make, prepare, contentSize, elements, attributes, supplementary, traits, gridPlacement, prepareTold
        case prepareReporting, enumerate
    }

    /// The call, in words: `attributes(at: [0, 6])`, as the suite's messages write it.
    var text: String {
        let path = ItemPath(section: Int(section), item: Int(item))
        switch Call(rawValue: call) ?? .none {
        case .none: return "none (the child was between calls to the layout, in the suite's own code)"
        case .make: return "makeLayout() (making layout \(instance) of the case)"
        case .prepare:
            return "prepare(data:container:) with \(plural(Int(section), "section")) of \(plural(Int(item), "item")) in all, container \(Size(width: width, height: height))"
        case .prepareTold:
            return "prepare(data:container:invalidation:) with \(plural(Int(section), "section")) of \(plural(Int(item), "item")) in all, container \(Size(width: width, height: height))"
        case .prepareReporting:
            return "prepareReportingShift(data:container:invalidation:) with \(plural(Int(section), "section")) of \(plural(Int(item), "item")) in all, container \(Size(width: width, height: height))"
        case .enumerate: return "enumerateElements(into:)"
        case .contentSize: return "contentSize"
        case .elements: return "elements(in: \(rect), into:)"
        case .attributes: return "attributes(at: \(path))"
        case .supplementary:
            let name = ElementKind(rawValue: UInt8(truncatingIfNeeded: kind))?.name ?? "kind \(kind)"
            return "supplementary(\(name), at: \(path))"
        case .traits: return "traits"
        case .gridPlacement: return "gridPlacement(of: \(path))"
        }
    }

    var rect: Rect { Rect(x: x, y: y, width: width, height: height) }

    /// What the call was made on, as a violation's subject.
    var subject: ConformanceViolation.Subject {
        let path = ItemPath(section: Int(section), item: Int(item))
        switch Call(rawValue: call) ?? .none {
        case .elements: return .rect(rect, .given)
        case .attributes, .gridPlacement: return .element(ElementID(kind: .cell, path: path))
        case .supplementary:
            return .element(ElementID(kind: ElementKind(rawValue: UInt8(truncatingIfNeeded: kind)) ?? .sectionHeader, path: path))
        case .contentSize: return .contentSize
        case .traits: return .declaredSupplementaries
        case .none, .make, .prepare, .prepareTold, .prepareReporting, .enumerate: return .preparation
        }
    }
}

/// A page of memory shared by a parent and the child it forks, holding one ``CallRecord``.
final class CallLog {
    let record: UnsafeMutablePointer<CallRecord>
    private var made: Int32 = 0

    init?() {
        #if canImport(Glibc)
        let size = max(MemoryLayout<CallRecord>.stride, 4096)
        guard let page = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0),
              page != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        record = page.bindMemory(to: CallRecord.self, capacity: 1)
        #else
        record = UnsafeMutablePointer<CallRecord>.allocate(capacity: 1)
        #endif
        record.initialize(to: CallRecord())
    }

    deinit {
        #if canImport(Glibc)
        munmap(record, max(MemoryLayout<CallRecord>.stride, 4096))
        #else
        record.deallocate()
        #endif
    }

    /// Starts the log again for the next case of a child that checks several: no call, no
    /// layout made yet.
    func startCase() {
        made = 0
        record.pointee = CallRecord()
    }

    /// The number of the next layout made.
    func nextInstance() -> Int32 {
        made += 1
        return made
    }

    @inline(__always)
    func begin(_ call: CallRecord.Call, instance: Int32) {
        record.pointee.call = call.rawValue
        record.pointee.instance = instance
        record.pointee.calls += 1
    }

    @inline(__always)
    func end() { record.pointee.call = CallRecord.Call.none.rawValue }
}

/// A layout that writes each call it is about to make into a ``CallLog``, then makes it:
/// the layout the suite checks in a child process.
///
/// Forwards every requirement of `GridLayout`, so that what the wrapped layout
/// implements itself (its traits, its grid placements) is what the suite sees.
struct TracedLayout<Base: GridLayout>: GridLayout {
    var base: Base
    let log: CallLog
    let instance: Int32

    /// Makes the layout, recording that the factory is running.
    init(log: CallLog, make: () -> Base) {
        let instance = log.nextInstance()
        log.begin(.make, instance: instance)
        base = make()
        log.end()
        self.log = log
        self.instance = instance
    }

    mutating func prepare(data: DataShape, container: Size) throws {
        log.begin(.prepare, instance: instance)
        log.record.pointee.section = Int64(data.sectionCount)
        log.record.pointee.item = Int64(data.totalItems)
        (log.record.pointee.width, log.record.pointee.height) = (container.width, container.height)
        defer { log.end() }
        try base.prepare(data: data, container: container)
    }

    mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
        log.begin(.prepareTold, instance: instance)
        log.record.pointee.section = Int64(data.sectionCount)
        log.record.pointee.item = Int64(data.totalItems)
        (log.record.pointee.width, log.record.pointee.height) = (container.width, container.height)
        defer { log.end() }
        try base.prepare(data: data, container: container, invalidation: invalidation)
    }

    var contentSize: Size {
        log.begin(.contentSize, instance: instance)
        defer { log.end() }
        return base.contentSize
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        log.begin(.elements, instance: instance)
        (log.record.pointee.x, log.record.pointee.y) = (rect.minX, rect.minY)
        (log.record.pointee.width, log.record.pointee.height) = (rect.width, rect.height)
        defer { log.end() }
        base.elements(in: rect, into: &buffer)
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        log.begin(.attributes, instance: instance)
        (log.record.pointee.section, log.record.pointee.item) = (Int64(path.section), Int64(path.item))
        defer { log.end() }
        return base.attributes(at: path)
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        log.begin(.supplementary, instance: instance)
        (log.record.pointee.section, log.record.pointee.item) = (Int64(path.section), Int64(path.item))
        log.record.pointee.kind = Int32(kind.rawValue)
        defer { log.end() }
        return base.supplementary(kind, at: path)
    }

    var traits: LayoutTraits {
        log.begin(.traits, instance: instance)
        defer { log.end() }
        return base.traits
    }

    func gridPlacement(of path: ItemPath) -> GridPlacement? {
        log.begin(.gridPlacement, instance: instance)
        (log.record.pointee.section, log.record.pointee.item) = (Int64(path.section), Int64(path.item))
        defer { log.end() }
        return base.gridPlacement(of: path)
    }
}

/// The optional protocols the suite checks, forwarded where the wrapped layout adopts them, so
/// that a layout checked in a child process makes the same promises as in this one.
extension TracedLayout: SectionShiftReporting where Base: SectionShiftReporting {
    mutating func prepareReportingShift(data: DataShape, container: Size, invalidation: Invalidation) throws -> SectionShift? {
        log.begin(.prepareReporting, instance: instance)
        log.record.pointee.section = Int64(data.sectionCount)
        log.record.pointee.item = Int64(data.totalItems)
        (log.record.pointee.width, log.record.pointee.height) = (container.width, container.height)
        defer { log.end() }
        return try base.prepareReportingShift(data: data, container: container, invalidation: invalidation)
    }
}

extension TracedLayout: ScrollOrderedEnumeration where Base: ScrollOrderedEnumeration {
    func enumerateElements(into sink: inout ElementSink) {
        log.begin(.enumerate, instance: instance)
        defer { log.end() }
        base.enumerateElements(into: &sink)
    }
}
