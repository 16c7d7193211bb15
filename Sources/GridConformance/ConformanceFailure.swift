import GridCore

/// The error ``GridConformance/verify(_:options:makeLayout:)`` throws: what kind of failure
/// it is, and the whole report.
///
/// Modelled on swift-nio's `ByteToMessageDecoderVerifier.VerificationError`: a code per
/// kind of failure, and everything needed to understand it.
public struct ConformanceFailure: Error, Hashable, Sendable {
    /// The kind of failure.
    public enum Code: Hashable, Sendable {
        /// One or more laws are broken; the laws, in order.
        case lawsViolated([ConformanceLaw])
        /// `prepare` threw for every configuration, so nothing was checked.
        case nothingChecked(skippedConfigurations: Int)
    }

    public var code: Code
    /// Everything that was checked and found.
    public var report: ConformanceReport {
        get { box.report }
        set { box = Box(newValue) }
    }

    /// The report behind one reference, so that the typed error stays one word however
    /// the report grows. (Seen once: after the report gained fields, an incremental debug
    /// build left a stale object file that crashed as `verify` returned; a clean build does
    /// not. This layout is kept for the small error, not as the fix for that.)
    private var box: Box

    private final class Box: Sendable {
        let report: ConformanceReport
        init(_ report: ConformanceReport) { self.report = report }
    }

    public init(code: Code, report: ConformanceReport) {
        self.code = code
        self.box = Box(report)
    }

    public static func == (a: ConformanceFailure, b: ConformanceFailure) -> Bool {
        a.code == b.code && a.report == b.report
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(report)
    }

    /// The failure a report amounts to, or `nil` when it passes.
    public init?(_ report: ConformanceReport) {
        if report.nothingChecked {
            self.init(code: .nothingChecked(skippedConfigurations: report.skipped.count), report: report)
        } else if !report.violations.isEmpty || report.omittedViolations > 0 {
            self.init(code: .lawsViolated(report.violatedLaws), report: report)
        } else {
            return nil
        }
    }
}

extension ConformanceFailure: CustomStringConvertible {
    public var description: String { report.description }
}
