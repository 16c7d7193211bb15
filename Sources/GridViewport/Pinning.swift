import GridCore

/// A prepared layout's pin rules, resolved for a viewport: the elements pinned until the
/// next one pushes them out (section headers), and the frozen bands (a data grid's header
/// row and column, its corner).
struct Pinning {
    /// One list per ``GridCore/PinRule/Reach/untilNext`` rule.
    var untilNext: [PinnedHeaders] = []
    /// The kinds pinned until the next: a rect query's answers of these kinds are dropped,
    /// and their pinned frames added instead.
    var untilNextKinds = ElementKinds()
    /// When section headers pin along y by binary search over the layout's own answers
    /// (``OrderedHeaders``), the layout declaring them in order: the data's section count
    /// and the content's height, which the search is reset with. The headers are then in no
    /// list of ``untilNext``.
    var orderedSectionHeaders: (sections: Int, contentEnd: Double)?
    /// Whether section headers pin by ``orderedSectionHeaders``.
    var ordersSectionHeaders: Bool { orderedSectionHeaders != nil }
    /// The frozen bands, when there are any.
    var bands: FrozenBands?
    /// Every kind some rule pins: an answer of another kind is never pinned, which a
    /// frame's merge checks first, cheaply, for every element.
    private(set) var pinnedKinds = ElementKinds()

    /// No pinning.
    init() {}

    /// The rules of `traits`, those of `layout` prepared with `data` (asked for once by the
    /// caller: a layout may build its traits anew on every call). `sectionHeaders` overrides the
    /// rule for section headers: `false` drops it, `true` adds it when missing.
    ///
    /// - Complexity: O(P) for the P elements of the until-next rules, O(1) for section
    /// headers declared in order (``GridCore/LayoutTraits/sectionHeadersInOrder``) and for bands.
    init<Layout: GridLayout>(layout: Layout, traits: LayoutTraits, data: DataShape, sectionHeaders: Bool?) {
        var rules = traits.pinning
        switch sectionHeaders {
        case .some(false): rules.removeAll { $0 == .sectionHeaders }
        case .some(true) where !rules.contains(.sectionHeaders): rules.append(.sectionHeaders)
        default: break
        }
        var bandRules: [PinRule] = []
        for rule in rules {
            switch rule.reach {
            case .untilNext where rule == .sectionHeaders && traits.sectionHeadersInOrder
                && (traits.supplementaryPaths(of: .sectionHeader)?.space ?? .perSection) == .perSection:
                orderedSectionHeaders = (data.sectionCount, layout.contentSize.height)
                untilNextKinds.insert(ElementKinds(rule.kind))
            case .untilNext:
                untilNext.append(PinnedHeaders(
                    layout: layout, data: data, kind: rule.kind, axis: rule.axis, space: traits.supplementaryPaths(of: rule.kind)?.space))
                untilNextKinds.insert(ElementKinds(rule.kind))
            case .band:
                bandRules.append(rule)
            }
        }
        if !bandRules.isEmpty { bands = FrozenBands(rules: bandRules, content: layout.contentSize) }
        pinnedKinds = untilNextKinds.union(bands?.kinds ?? ElementKinds())
    }

    /// Takes the rules of `traits`, those of a layout prepared with `sections` sections
    /// whose content is now `content`, in place, when they pin as those held do: section
    /// headers declared in order (their search reset for the new content) or not at all, and
    /// bands of the same shape (``FrozenBands/update(rules:content:)``), with no other
    /// until-next rule and `sectionHeaders` adding none. Returns whether it did; otherwise
    /// changes nothing and the caller makes the pinning anew. (A span grid's keystroke
    /// moves its frozen bands' ends; a measurement moves the content's end under ordered
    /// section headers and frozen bands.)
    /// - Complexity: O(b) for b rules. No allocation.
    mutating func update(traits: LayoutTraits, content: Size, sections: Int, sectionHeaders: Bool?) -> Bool {
        guard untilNext.isEmpty, sectionHeaders != true else { return false }
        var ordered = false, banded = false
        var index = 0
        while index < traits.pinning.count {  // (an index loop: a debug build's iterator allocates)
            let rule = traits.pinning[index]
            index += 1
            switch rule.reach {
            case .untilNext:
                if rule == .sectionHeaders && sectionHeaders == false { continue }
                guard rule == .sectionHeaders, traits.sectionHeadersInOrder,
                      (traits.supplementaryPaths(of: .sectionHeader)?.space ?? .perSection) == .perSection
                else { return false }
                ordered = true
            case .band:
                banded = true
            }
        }
        guard ordered == ordersSectionHeaders, banded == (bands != nil) else { return false }
        if var held = bands {
            // Bands hold the band rules alone: ordered headers beside them are made anew.
            guard !ordered else { return false }
            bands = nil  // held once while its arrays change in place
            let updated = held.update(rules: traits.pinning, content: content)
            bands = held
            guard updated else { return false }
        }
        if ordered { orderedSectionHeaders = (sections, content.height) }
        return true
    }

    /// Whether section headers pin.
    var pinsSectionHeaders: Bool { ordersSectionHeaders || untilNext.contains { $0.kind == .sectionHeader && $0.axis == .vertical } }

    /// The section headers' list, when they pin along y.
    var sectionHeaders: PinnedHeaders? { untilNext.first { $0.kind == .sectionHeader && $0.axis == .vertical } }

    /// Whether a rect query's answer `element` is shown elsewhere when pinned, and so left
    /// out of the loaded set at its layout frame.
    @inline(__always)
    func isPinned(_ element: LayoutAttributes) -> Bool {
        let raw = element.kind.rawValue
        if untilNextKinds.contains(kindRaw: raw) { return true }
        // Read in place: binding the bands to a local would copy (and retain) their arrays
        // once per element.
        return (bands?.kinds.contains(kindRaw: raw) ?? false) && bands?.membership(element).isEmpty == false
    }
}
