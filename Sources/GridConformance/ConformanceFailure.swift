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
    public var report: ConformanceReport

    public init(code: Code, report: ConformanceReport) {
        self.code = code
        self.report = report
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
