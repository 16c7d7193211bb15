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

    /// The report behind one reference. A `ConformanceFailure` is thrown as a typed error
    /// (`throws(ConformanceFailure)`). With the report inline (a hundred-odd bytes once it
    /// grew its `promises` and counts), a debug build by Swift 6.3.1 of a test calling
    /// `verify` on a layout of another module crashed releasing a bad pointer as `verify`
    /// returned (`ThirdPartyLayoutTests.itConforms`, every run); with the error one word,
    /// it does not.
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
