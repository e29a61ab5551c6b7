module {
  func.func @main(%arg0: tensor<4xf32>) -> (tensor<3xcomplex<f32>>, tensor<4xf32>) {
    %0 = shlo.fft %arg0 {fft_length = array<i64: 4>, fft_type = #shlo.fft_type<RFFT>} : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
    %1 = shlo.fft %0 {fft_length = array<i64: 4>, fft_type = #shlo.fft_type<IRFFT>} : (tensor<3xcomplex<f32>>) -> tensor<4xf32>
    return %0, %1 : tensor<3xcomplex<f32>>, tensor<4xf32>
  }
}
