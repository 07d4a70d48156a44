import Testing
@testable import playground
