// all_gather: oracle: identity on one replica
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-624210398, -1031691583, -1481246333], [-506444975, -1136664688, 1913131989]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v2 = "shlo.all_gather"(%c1) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-624210398, -1031691583, -1481246333], [-506444975, -1136664688, 1913131989]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
