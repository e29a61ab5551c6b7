// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.55198097, -1.70807731, 2.36097717], [2.51363921, 0.222162291, 0.607950807]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-4.64670706, 2.57590723, 1.51523733], [-0.079742223, -3.16965914, 2.57994318]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-7.19868803, 0.867829918, 3.8762145], [2.43389702, -2.94749689, 3.18789387]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
